// PRODUCT.md, Validation: the contact fields accept an e-mail or a phone number: a US number typed in
// any common way, or any other country's typed with its "+" and calling code.
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

/**
 * E.164 for a phone number, or null. Without "+": the US, 10 digits or 11 starting with 1 (+1XXXXXXXXXX).
 * With "+": +1 and 10 digits, or another country's calling code and number, 7 to 15 digits in all
 * (E.164's longest), not starting with 0. Whether such a number exists is checked where it is taken
 * (the schemas: isAcceptedFinderPhone, as for a finder's number).
 */
export function toE164(input: string): string | null {
  const digits = phoneDigits(input);
  if (digits === null) return null;
  if (input.trim().startsWith('+')) {
    if (digits.startsWith('1')) return digits.length === 11 ? `+${digits}` : null;
    return /^[2-9]\d{6,14}$/.test(digits) ? `+${digits}` : null;
  }
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return null;
}

/**
 * How a phone number is shown, everywhere: (xxx) xxx-xxxx for a US number, in any accepted input
 * form; another country's in E.164 (+447700900123).
 */
export function formatPhoneDisplay(input: string): string | null {
  const e164 = toE164(input);
  if (!e164) return null;
  if (!e164.startsWith('+1')) return e164;
  const d = e164.slice(2);
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** A stored number as every screen shows it (formatPhoneDisplay), or as stored if it is none. */
export const phoneShown = (phone: string) => formatPhoneDisplay(phone) ?? phone;

export function parseContact(input: string): Contact {
  const value = input.trim();
  if (!value) return { kind: 'invalid', message: CONTACT_MESSAGES.empty };
  const phoneNumber = toE164(value);
  if (phoneNumber) return { kind: 'phone', phoneNumber, display: formatPhoneDisplay(value)! };
  if (EMAIL.test(value)) return { kind: 'email', email: value.toLowerCase() };
  const digits = phoneDigits(value);
  if (digits !== null && (digits.length >= 10 || value.startsWith('+')))
    return { kind: 'invalid', message: CONTACT_MESSAGES.invalidPhone };
  return { kind: 'invalid', message: CONTACT_MESSAGES.invalidEmail };
}

/** True while the input is made only of phone characters and has a digit: the opt-in box shows. */
export function looksLikePhone(input: string): boolean {
  const digits = phoneDigits(input);
  return digits !== null && digits.length > 0;
}
