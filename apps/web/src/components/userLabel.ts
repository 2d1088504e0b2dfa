import { phoneShown, type SessionUser } from '@homing/shared';

/** What the user menu button shows: the name, else the e-mail, else the phone as (xxx) xxx-xxxx. */
export function userLabel(user: Pick<SessionUser, 'name' | 'email' | 'phoneNumber'> | null): string {
  if (!user) return 'Account';
  const name = user.name?.trim();
  if (name) return name;
  if (user.email) return user.email;
  if (user.phoneNumber) return phoneShown(user.phoneNumber);
  return 'Account';
}

export function userInitial(label: string): string {
  const letter = label.match(/[\p{L}\p{N}]/u)?.[0];
  return (letter ?? '?').toUpperCase();
}
