import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../api/client';
import { toAuthOutcome } from './authRequests';

const user = {
  id: '1',
  name: 'Ada',
  email: 'ada@example.com',
  phoneNumber: null,
  isAdmin: false,
  createdAt: '2025-01-01T00:00:00.000Z',
};
const fail = (status: number, error: string, code = 'x') =>
  ({ success: false, data: null, error, code, status }) as ApiResult<never>;

describe('toAuthOutcome', () => {
  it('returns the user, token and the success message', () => {
    const ok = { success: true, data: { user, sessionToken: 't' }, error: null, status: 200 } as const;
    expect(toAuthOutcome(ok, 'login')).toEqual({
      success: true,
      user,
      sessionToken: 't',
      message: 'Login successful!',
    });
    expect(toAuthOutcome(ok, 'register')).toMatchObject({ message: 'Account created successfully!' });
  });

  it('shows server text as returned', () => {
    expect(toAuthOutcome(fail(401, 'Invalid email/phone or password'), 'login')).toEqual({
      success: false,
      error: 'Invalid email/phone or password',
    });
  });

  it('marks a throttled sign-in, so the form can point to a password reset', () => {
    const text = 'Too many failed login attempts. Please wait 15 minutes and try again.';
    expect(toAuthOutcome(fail(429, text), 'login')).toEqual({ success: false, error: text, throttled: true });
    expect(toAuthOutcome(fail(429, 'Too many requests.'), 'register')).toEqual({
      success: false,
      error: 'Too many requests.',
    });
  });

  it('falls back when the server gives no text', () => {
    expect(toAuthOutcome(fail(500, ''), 'login')).toEqual({ success: false, error: 'Login failed' });
    expect(toAuthOutcome(fail(500, ''), 'register')).toEqual({
      success: false,
      error: 'Registration failed',
    });
  });

  it('names a failed request', () => {
    expect(toAuthOutcome(fail(0, 'Network error', 'network_error'), 'login')).toEqual({
      success: false,
      error: 'Network error during login',
    });
    expect(toAuthOutcome(fail(0, 'Network error', 'network_error'), 'register')).toEqual({
      success: false,
      error: 'Network error during registration',
    });
  });

  it('treats a success without a session as a failure', () => {
    const odd = { success: true, data: {}, error: null, status: 200 } as const;
    expect(toAuthOutcome(odd, 'login')).toEqual({ success: false, error: 'Login failed' });
  });

  it("gives a sign-up without a session the server's words as a notice, not an error", () => {
    const check = {
      success: true,
      data: { user: null, sessionToken: null, message: 'Check your e-mail to continue.' },
      error: null,
      status: 201,
    } as const;
    expect(toAuthOutcome(check, 'register')).toEqual({
      success: false,
      error: 'Check your e-mail to continue.',
      notice: true,
    });
    expect(toAuthOutcome(check, 'login')).toEqual({ success: false, error: 'Login failed' });
  });
});
