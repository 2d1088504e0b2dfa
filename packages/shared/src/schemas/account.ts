import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants';
import { CONTACT_MESSAGES, parseContact } from '../validation/contact';
import { isPremiumOrSatellite, UNTEXTABLE_PHONE } from '../validation/untextable';
import { currentPassword } from './settings';
import { safeText } from './text';
import { PASSWORD_TOO_SHORT } from './auth';

// Password recovery and confirmed contacts (owner accounts).

const newPassword = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT)
  .max(256, 'Password must be at most 256 characters');

export const CODE_FORMAT = 'Enter the 6-digit code';
const code = z
  .string({ error: CODE_FORMAT })
  .trim()
  .regex(/^\d{6}$/, CODE_FORMAT);
const linkSecret = safeText('Token', { error: 'The link is incomplete' })
  .min(16, 'The link is incomplete')
  .max(200, 'The link is incomplete');

const emailAddress = safeText('Email', { error: CONTACT_MESSAGES.empty })
  .max(320, CONTACT_MESSAGES.invalidEmail)
  .transform((v, ctx) => {
    const c = parseContact(v);
    if (c.kind !== 'email') {
      ctx.addIssue({
        code: 'custom',
        message: c.kind === 'invalid' && !v.trim() ? c.message : CONTACT_MESSAGES.invalidEmail,
      });
      return z.NEVER;
    }
    return c.email;
  });
const phoneNumber = safeText('Phone number', { error: CONTACT_MESSAGES.invalidPhone })
  .max(32, CONTACT_MESSAGES.invalidPhone)
  .transform((v, ctx) => {
    const c = parseContact(v);
    if (c.kind !== 'phone') {
      ctx.addIssue({ code: 'custom', message: CONTACT_MESSAGES.invalidPhone });
      return z.NEVER;
    }
    if (isPremiumOrSatellite(c.phoneNumber)) {
      ctx.addIssue({ code: 'custom', message: UNTEXTABLE_PHONE });
      return z.NEVER;
    }
    return c.phoneNumber;
  });

/** `POST /api/auth/password-reset`: the e-mail address or phone number of the account. */
export const passwordResetRequest = z.object({
  identifier: safeText('Email or phone', { error: 'Email or phone is required' })
    .trim()
    .min(1, 'Email or phone is required')
    .max(320),
});
export type PasswordResetRequest = z.input<typeof passwordResetRequest>;

/** `POST /api/auth/password-reset/confirm`: the e-mailed link's token, or the texted code with its number. */
export const passwordResetConfirm = z.union([
  z.object({ token: linkSecret, password: newPassword }),
  z.object({ phoneNumber, code, password: newPassword }),
]);
export type PasswordResetConfirm = z.input<typeof passwordResetConfirm>;

/** `POST /api/users/me/contacts/email`: a new (or the unconfirmed) address to confirm. */
export const contactEmailRequest = z.object({ email: emailAddress, currentPassword });
/** `POST /api/users/me/contacts/phone`: a number to confirm by code, and whether to text it alerts. */
export const contactPhoneRequest = z.object({
  phoneNumber,
  smsOptIn: z.boolean().default(true),
  currentPassword,
});
export const contactCodeConfirm = z.object({ code });
export const contactLinkConfirm = z.object({ token: linkSecret });

/** The account's contacts as the owner sees them. */
export const accountContacts = z.object({
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  phoneNumber: z.string().nullable(),
  phoneVerified: z.boolean(),
  smsOptIn: z.boolean(),
  /** The number answered STOP: nothing is texted until it answers START. */
  smsStopped: z.boolean(),
  pendingEmail: z.string().nullable(),
  pendingPhoneNumber: z.string().nullable(),
});
export type AccountContacts = z.infer<typeof accountContacts>;

// Backup contacts (escalation): people told when the owner has not opened a report in time.

export const BACKUP_CONTACT_MESSAGES = {
  invalid: 'Enter an e-mail address or a phone number',
  tooMany: 'You can have at most 3 backup contacts',
  duplicate: 'This backup contact is already on your list',
  notFound: 'Backup contact not found',
  confirmed: 'Thank you: you are now a backup contact.',
  badLink: 'This link is invalid or was already used',
} as const;
export const MAX_BACKUP_CONTACTS = 3;

/** `POST /api/users/me/backup-contacts`: an e-mail address or a phone number; it is sent a link to confirm. */
export const backupContactRequest = z.object({
  contact: safeText('Contact', { error: BACKUP_CONTACT_MESSAGES.invalid })
    .max(320, BACKUP_CONTACT_MESSAGES.invalid)
    .transform((v, ctx) => {
      const c = parseContact(v);
      if (c.kind === 'email') return { kind: 'email' as const, value: c.email };
      if (c.kind === 'phone' && isPremiumOrSatellite(c.phoneNumber)) {
        ctx.addIssue({ code: 'custom', message: UNTEXTABLE_PHONE });
        return z.NEVER;
      }
      if (c.kind === 'phone') return { kind: 'phone' as const, value: c.phoneNumber };
      ctx.addIssue({ code: 'custom', message: BACKUP_CONTACT_MESSAGES.invalid });
      return z.NEVER;
    }),
});
export type BackupContactRequest = z.input<typeof backupContactRequest>;
/** `POST /api/backup-contacts/confirm`: the link's secret (public: the secret is the proof). */
export const backupContactConfirm = z.object({ token: linkSecret });

export const backupContact = z.object({
  id: z.string(),
  kind: z.enum(['email', 'phone']),
  value: z.string(),
  confirmed: z.boolean(),
  createdAt: z.string(),
});
export type BackupContact = z.infer<typeof backupContact>;
export const backupContactList = z.object({ contacts: z.array(backupContact) });
