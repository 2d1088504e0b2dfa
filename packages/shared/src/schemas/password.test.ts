import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN_LENGTH } from '../constants';
import { newPasswordProblem, PASSWORD_TOO_SHORT, registerRequest } from './auth';
import { passwordChangeRequest } from './settings';

// The forms check a new password before sending it; the server's schemas check it again. One rule:
// the same passwords are refused, with the same words.
describe('a new password', () => {
  const short = 'x'.repeat(PASSWORD_MIN_LENGTH - 1);
  const enough = 'x'.repeat(PASSWORD_MIN_LENGTH);

  it('is refused by the forms exactly when the schemas refuse it, with their message', () => {
    expect(newPasswordProblem(short)).toBe(PASSWORD_TOO_SHORT);
    expect(newPasswordProblem(enough)).toBeNull();
    const change = (newPassword: string) =>
      passwordChangeRequest.safeParse({ currentPassword: 'old', newPassword });
    expect(change(short).error?.issues[0]?.message).toBe(PASSWORD_TOO_SHORT);
    expect(change(enough).success).toBe(true);
    const register = (password: string) => registerRequest.safeParse({ email: 'a@example.com', password });
    expect(register(short).error?.issues[0]?.message).toBe(PASSWORD_TOO_SHORT);
    expect(register(enough).success).toBe(true);
  });
});
