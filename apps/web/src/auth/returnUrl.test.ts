import { describe, expect, it } from 'vitest';
import { authRedirectPath, postLoginTarget, safeReturnUrl } from './returnUrl';

describe('authRedirectPath', () => {
  it('encodes the original path and query', () => {
    expect(authRedirectPath('/items', '?edit=5')).toBe('/auth?returnUrl=%2Fitems%3Fedit%3D5');
    expect(authRedirectPath('/dashboard')).toBe('/auth?returnUrl=%2Fdashboard');
  });

  it('round-trips through the query string', () => {
    const path = authRedirectPath('/items', '?edit=5&x=a%20b');
    expect(postLoginTarget(path.slice('/auth'.length))).toBe('/items?edit=5&x=a%20b');
  });
});

describe('safeReturnUrl', () => {
  it.each(['/dashboard', '/items?edit=5', '/qr/ABC#top', '/admin/qr-sets'])('keeps %s', (url) => {
    expect(safeReturnUrl(url)).toBe(url);
  });

  it.each([
    null,
    undefined,
    '',
    'dashboard',
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    '/\t/evil.example',
    // Dot segments that collapse into a protocol-relative URL.
    '/.//evil.example',
    '/./\\evil.example',
    '/x/..//evil.example',
    '/%2e//evil.example',
    'javascript:alert(1)',
    '/auth',
    '/auth/createAccount?returnUrl=/x',
  ])('drops %s', (url) => {
    expect(safeReturnUrl(url)).toBeNull();
  });
});

describe('postLoginTarget', () => {
  it('defaults to the dashboard', () => {
    expect(postLoginTarget('')).toBe('/dashboard');
    expect(postLoginTarget('?returnUrl=https%3A%2F%2Fevil.example')).toBe('/dashboard');
    expect(postLoginTarget('?returnUrl=%2F.%2F%2Fevil.example')).toBe('/dashboard');
  });

  it('uses a safe returnUrl', () => {
    expect(postLoginTarget('?returnUrl=%2Fitems%3Fedit%3D5')).toBe('/items?edit=5');
  });
});
