import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants';
import { PASSWORD_TOO_SHORT } from './auth';
import { isTimeZone } from '../validation/quietHours';
import { nameText } from './text';

// The owner's settings (`/settings`, `/api/users/me/...`): profile, password, notification
// preferences with quiet hours, signed-in sessions, export and deletion of the account.

export const SETTINGS_MESSAGES = {
  wrongPassword: 'Your current password is not correct',
  passwordChanged: 'Password changed. Your other sessions were signed out.',
  badTime: 'Use a time such as 22:00',
  badTimeZone: 'Unknown time zone',
  sessionNotFound: 'Session not found',
  accountDeleted: 'Your account and everything in it were deleted.',
} as const;

const newPassword = z
  .string({ error: 'New password is required' })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT)
  .max(256, 'Password must be at most 256 characters');
/** The account's current password, asked before a change a borrowed session must not make. */
export const currentPassword = z
  .string({ error: 'Current password is required' })
  .min(1, 'Current password is required')
  .max(256, 'Password must be at most 256 characters');

export const profileUpdate = z.object({
  name: nameText('Name')
    .pipe(z.string().max(200, 'Name must be at most 200 characters'))
    .transform((name) => name || null)
    .nullable(),
});
export type ProfileUpdate = z.input<typeof profileUpdate>;

export const passwordChangeRequest = z.object({ currentPassword, newPassword });
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequest>;

export const accountDeleteRequest = z.object({ password: currentPassword });
export type AccountDeleteRequest = z.infer<typeof accountDeleteRequest>;

/** "HH:MM", 24-hour clock. */
export const clockTime = z
  .string({ error: 'Use a time such as 22:00' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, SETTINGS_MESSAGES.badTime);

export const ESCALATION_DELAY_MESSAGE = 'Choose between 5 and 1440 minutes';

export const notificationPreferences = z.object({
  email: z.boolean(),
  sms: z.boolean(),
  browser: z.boolean(),
  quietHours: z.object({
    enabled: z.boolean(),
    start: clockTime,
    end: clockTime,
    timeZone: z.string().max(64).refine(isTimeZone, SETTINGS_MESSAGES.badTimeZone),
  }),
  /** Urgent notifications (lost-mode scans, messages) are sent during quiet hours. */
  urgentBreaksThrough: z.boolean(),
  /** Minutes an unread report waits before the owner's next channel, then their backup contacts, are told. */
  escalationDelayMinutes: z
    .number({ error: ESCALATION_DELAY_MESSAGE })
    .int(ESCALATION_DELAY_MESSAGE)
    .min(5, ESCALATION_DELAY_MESSAGE)
    .max(1440, ESCALATION_DELAY_MESSAGE)
    .default(15),
});
export type NotificationPreferences = z.infer<typeof notificationPreferences>;
export type NotificationPreferencesInput = z.input<typeof notificationPreferences>;

export const signedInSession = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** "Firefox on Windows", or "Unknown device". */
  device: z.string(),
  current: z.boolean(),
});
export type SignedInSession = z.infer<typeof signedInSession>;
export const sessionList = z.object({ sessions: z.array(signedInSession) });
