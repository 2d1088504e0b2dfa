import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants';
import { parseContact } from '../validation/contact';
import { isTimeZone } from '../validation/quietHours';
import { isPremiumOrSatellite, UNTEXTABLE_PHONE } from '../validation/untextable';
import { nameText, safeText } from './text';

export const SMS_OPT_IN_REQUIRED =
  'SMS notifications are recommended for phone number registration. Please use email instead or opt-in to SMS.';
export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
/** The hint under every new-password field. */
export const NEW_PASSWORD_HINT = `Use ${PASSWORD_MIN_LENGTH} or more characters.`;
/** Why a form refuses a new password before sending it (the schemas refuse the same), or null. */
export const newPasswordProblem = (password: string): string | null =>
  password.length < PASSWORD_MIN_LENGTH ? PASSWORD_TOO_SHORT : null;

// Bounds keep a hostile 1 MB string out of the hasher and the database.
const password = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT)
  .max(256, 'Password must be at most 256 characters');

export const registerRequest = z
  .object({
    password,
    name: nameText('Name').pipe(z.string().max(200, 'Name must be at most 200 characters')).optional(),
    email: safeText('Email').max(320, 'Please enter a valid email address').optional(),
    phoneNumber: safeText('Phone number').max(32, 'Please enter a valid phone number (10 digits)').optional(),
    // Not in the spec's payload: the web form only sends phones with opt-in; false is refused.
    smsOptIn: z.boolean().optional(),
    // Not in the spec's payload: the browser's IANA zone, so times in messages are the owner's own
    // from the first one (the Settings page changes it later).
    timeZone: z.string().max(64).refine(isTimeZone, 'Unknown time zone').optional(),
  })
  .transform((body, ctx) => {
    const raw = body.email ?? body.phoneNumber ?? '';
    if (body.email !== undefined && body.phoneNumber !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: 'Provide either an email address or a phone number, not both',
      });
      return z.NEVER;
    }
    const contact = parseContact(raw);
    if (contact.kind === 'invalid') {
      ctx.addIssue({
        code: 'custom',
        message: contact.message,
        path: [body.phoneNumber ? 'phoneNumber' : 'email'],
      });
      return z.NEVER;
    }
    if (contact.kind === 'phone' && isPremiumOrSatellite(contact.phoneNumber)) {
      ctx.addIssue({ code: 'custom', message: UNTEXTABLE_PHONE, path: ['phoneNumber'] });
      return z.NEVER;
    }
    if (contact.kind === 'phone' && body.smsOptIn === false) {
      ctx.addIssue({ code: 'custom', message: SMS_OPT_IN_REQUIRED, path: ['smsOptIn'] });
      return z.NEVER;
    }
    return {
      password: body.password,
      name: body.name ? body.name : null,
      email: contact.kind === 'email' ? contact.email : null,
      phoneNumber: contact.kind === 'phone' ? contact.phoneNumber : null,
      smsOptIn: contact.kind === 'phone',
      timeZone: body.timeZone ?? null,
    };
  });
export type RegisterRequest = z.input<typeof registerRequest>;
export type RegisterInput = z.output<typeof registerRequest>;

export const loginRequest = z.object({
  identifier: safeText('Email or phone', { error: 'Email or phone is required' })
    .trim()
    .min(1, 'Email or phone is required')
    .max(320),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(256),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const sessionUser = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  isAdmin: z.boolean(),
  createdAt: z.string(),
});
export type SessionUser = z.infer<typeof sessionUser>;

/** `POST /api/auth/login` and `/register`: the signed-in user and their bearer token. */
export const authResult = z.object({ user: sessionUser, sessionToken: z.string().min(1) });
export type AuthResult = z.infer<typeof authResult>;
