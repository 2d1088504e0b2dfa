import { describe, expect, it } from 'vitest';
import { userInitial, userLabel } from './userLabel';

describe('userLabel', () => {
  it('prefers the name, then the email, then the phone', () => {
    expect(userLabel({ name: 'Ada', email: 'a@b.co', phoneNumber: null })).toBe('Ada');
    expect(userLabel({ name: ' ', email: 'a@b.co', phoneNumber: null })).toBe('a@b.co');
    expect(userLabel({ name: null, email: null, phoneNumber: '+15551234567' })).toBe('(555) 123-4567');
    expect(userLabel(null)).toBe('Account');
  });

  it('makes an initial', () => {
    expect(userInitial('ada')).toBe('A');
    expect(userInitial('(555) 123')).toBe('5');
    expect(userInitial('')).toBe('?');
  });
});
