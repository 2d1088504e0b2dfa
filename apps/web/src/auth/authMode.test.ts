import { describe, expect, it } from 'vitest';
import { authModeFor } from './authMode';

describe('authModeFor', () => {
  it.each(['/auth/createAccount', '/auth/createaccount', '/auth/CreateAccount', '/auth/CREATEACCOUNT/'])(
    '%s is register',
    (path) => expect(authModeFor(path)).toBe('register'),
  );

  it.each(['/auth', '/auth/', '/auth/login', '/auth/createAccount2'])('%s is login', (path) =>
    expect(authModeFor(path)).toBe('login'),
  );
});
