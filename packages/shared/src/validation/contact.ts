// PRODUCT.md, Validation: the registration contact field accepts an e-mail or a US phone number.
export const CONTACT_MESSAGES = {
  empty: 'Please provide an email address',
  invalidPhone: 'Please enter a valid phone number (10 digits)',
  invalidEmail: 'Please enter a valid email address',
} as const;

export type Contact =
  | { kind: 'email'; email: string }
  | { kind: 'phone'; phoneNumber: string; display: string }
  | { kind: 'invalid'; message: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// Punctuation people type inside phone numbers; anything else makes the input "not a phone".
const PHONE_PUNCTUATION = /[\s\-().+]/g;

export function phoneDigits(input: string): string | null {
  const stripped = input.trim().replace(PHONE_PUNCTUATION, '');
  return /^\d+$/.test(stripped) ? stripped : null;
}

/** Returns +1XXXXXXXXXX for 10 digits, or 11 digits starting with 1; otherwise null. */
export function toE164(input: string): string | null {
  const digits = phoneDigits(input);
  if (digits === null) return null;
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return null;
}

/** (xxx) xxx-xxxx for a valid US phone, in any accepted input form. */
export function formatPhoneDisplay(input: string): string | null {
  const e164 = toE164(input);
  if (!e164) return null;
  const d = e164.slice(2);
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

export function parseContact(input: string): Contact {
  const value = input.trim();
  if (!value) return { kind: 'invalid', message: CONTACT_MESSAGES.empty };
  const phoneNumber = toE164(value);
  if (phoneNumber) return { kind: 'phone', phoneNumber, display: formatPhoneDisplay(value)! };
  if (EMAIL.test(value)) return { kind: 'email', email: value.toLowerCase() };
  const digits = phoneDigits(value);
  if (digits !== null && digits.length >= 10)
    return { kind: 'invalid', message: CONTACT_MESSAGES.invalidPhone };
  return { kind: 'invalid', message: CONTACT_MESSAGES.invalidEmail };
}

/** True while the input is made only of phone characters and has a digit: the opt-in box shows. */
export function looksLikePhone(input: string): boolean {
  const digits = phoneDigits(input);
  return digits !== null && digits.length > 0;
}
