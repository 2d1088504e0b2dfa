import { describe, expect, it } from 'vitest';
import { decideAccess, type GuardAuthState } from './guards';

const at = (pathname: string, search = '') => ({ pathname, search });
const anonymous: GuardAuthState = { status: 'anonymous', isAdmin: false, signedOutByUser: false };
const checking: GuardAuthState = { ...anonymous, status: 'checking' };
const owner: GuardAuthState = { ...anonymous, status: 'authenticated' };
const admin: GuardAuthState = { ...owner, isAdmin: true };

describe('decideAccess', () => {
  it('always allows public screens', () => {
    for (const auth of [anonymous, checking, owner, admin])
      expect(decideAccess('public', auth, at('/'))).toEqual({ kind: 'allow' });
  });

  it('waits while a stored session is being checked', () => {
    expect(decideAccess('user', checking, at('/items'))).toEqual({ kind: 'wait' });
    expect(decideAccess('admin', checking, at('/admin'))).toEqual({ kind: 'wait' });
  });

  it('sends visitors to /auth with the encoded path and query', () => {
    expect(decideAccess('user', anonymous, at('/items', '?edit=5'))).toEqual({
      kind: 'redirect',
      to: '/auth?returnUrl=%2Fitems%3Fedit%3D5',
    });
    expect(decideAccess('admin', anonymous, at('/admin/qr-sets'))).toEqual({
      kind: 'redirect',
      to: '/auth?returnUrl=%2Fadmin%2Fqr-sets',
    });
  });

  it('sends a user who just logged out home', () => {
    expect(decideAccess('user', { ...anonymous, signedOutByUser: true }, at('/items'))).toEqual({
      kind: 'redirect',
      to: '/',
    });
  });

  it('sends signed-in non-admins away from admin screens', () => {
    expect(decideAccess('admin', owner, at('/admin'))).toEqual({ kind: 'redirect', to: '/' });
    expect(decideAccess('user', owner, at('/admin/qr-bulk'))).toEqual({ kind: 'allow' });
  });

  it('lets admins in', () => {
    expect(decideAccess('admin', admin, at('/admin'))).toEqual({ kind: 'allow' });
  });
});
