import { newPasswordProblem, SMS_OPT_IN_REQUIRED, looksLikePhone, parseContact } from '@homing/shared';
import type { RegisterPayload } from '../../auth/authRequests';
import type { AuthMode } from '../../auth/authMode';

export interface AuthFormValues {
  contact: string;
  password: string;
  firstName: string;
  lastName: string;
  smsOptIn: boolean;
}

export interface AuthFormErrors {
  contact?: string;
  password?: string;
  form?: string;
  /** The form error is a sign-in lockout: the form points to "Forgot password?". */
  throttled?: boolean;
}

export const EMPTY_VALUES: AuthFormValues = {
  contact: '',
  password: '',
  firstName: '',
  lastName: '',
  smsOptIn: true,
};

export const PASSWORD_REQUIRED = 'Password is required';

/** On blur: the contact's message, and the (xxx) xxx-xxxx form of a valid phone. */
export function checkContact(value: string): { error?: string; display?: string } {
  const contact = parseContact(value);
  if (contact.kind === 'invalid') return { error: contact.message };
  return contact.kind === 'phone' ? { display: contact.display } : {};
}

export function checkPassword(mode: AuthMode, password: string): string | undefined {
  if (mode === 'register') return newPasswordProblem(password) ?? undefined;
  return password ? undefined : PASSWORD_REQUIRED;
}

/** The opt-in box shows only while the contact looks like a phone number. */
export const showsSmsOptIn = (contact: string) => looksLikePhone(contact);

export const joinName = (first: string, last: string) =>
  [first.trim(), last.trim()].filter(Boolean).join(' ');

export type Submission =
  | { ok: false; errors: AuthFormErrors }
  | { ok: true; kind: 'login'; identifier: string; password: string }
  | { ok: true; kind: 'register'; payload: RegisterPayload };

/** Everything the submit button checks before a request is sent (PRODUCT.md, Validation). */
export function prepareSubmission(mode: AuthMode, values: AuthFormValues): Submission {
  const contact = parseContact(values.contact);
  const errors: AuthFormErrors = {};
  if (contact.kind === 'invalid') errors.contact = contact.message;
  const passwordError = checkPassword(mode, values.password);
  if (passwordError) errors.password = passwordError;
  if (contact.kind === 'invalid' || passwordError) return { ok: false, errors };

  if (mode === 'login') {
    const identifier = contact.kind === 'email' ? contact.email : contact.phoneNumber;
    return { ok: true, kind: 'login', identifier, password: values.password };
  }
  if (contact.kind === 'phone' && !values.smsOptIn)
    return { ok: false, errors: { form: SMS_OPT_IN_REQUIRED } };
  const name = joinName(values.firstName, values.lastName);
  const payload: RegisterPayload = {
    password: values.password,
    ...(name ? { name } : {}),
    ...(contact.kind === 'email'
      ? { email: contact.email }
      : { phoneNumber: contact.phoneNumber, smsOptIn: true }),
  };
  return { ok: true, kind: 'register', payload };
}
