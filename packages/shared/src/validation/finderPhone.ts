// The finder's phone. PRODUCT.md, Validation (US): digits only, at most 10, shown as 555-123-4567, sent as
// +1 and 10 digits. Numbers of other countries (PRODUCT.md, Validation) are in intlPhone.ts, which carries
// libphonenumber-js's metadata: the finder page loads it only when a finder picks another country.
// No zod and no metadata here: the finder bundle imports this file.
import { PHONE_COUNTRIES } from './phoneCountries';

/** An ISO 3166 region code the phone metadata knows ("US", "MX"). */
export type CountryCode = keyof typeof PHONE_COUNTRIES;
export const FINDER_PHONE_MAX_LENGTH = 12;
/** Longest E.164 number (15 digits) with its "+" and the spaces a national format adds. */
export const INTERNATIONAL_PHONE_MAX_LENGTH = 24;
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'US';

export function formatFinderPhone(input: string): string {
  const d = input.replace(/\D/g, '').slice(0, 10);
  if (d.length <= 3) return d;
  if (d.length <= 6) return `${d.slice(0, 3)}-${d.slice(3)}`;
  return `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`;
}

/** Sent as +1 and 10 digits only when exactly 10 digits were typed, otherwise empty. */
export function finderPhoneForReport(display: string): string {
  const d = display.replace(/\D/g, '');
  return d.length === 10 ? `+1${d}` : '';
}

/** Why a typed number cannot be sent: too few digits, or digits no phone has (or that we never text). */
export type PhoneProblem = 'incomplete' | 'invalid';
/** A typed number checked as the server checks it: its E.164 form ('' when nothing was typed), or why not. */
export type PhoneCheck = { ok: true; e164: string } | { ok: false; problem: PhoneProblem };

/** North America's premium lines (+1 900, +1 976), which the server never texts (untextable.ts). */
const US_PREMIUM = /^\+1(900|976)/;

/**
 * The spec's US number as the server takes it (schemas/found.ts, isAcceptedFinderPhone): empty, or
 * 10 digits sent as +1 and 10 digits, except premium lines. Fewer digits are incomplete.
 */
export function checkUsPhone(display: string): PhoneCheck {
  const d = display.replace(/\D/g, '');
  if (!d) return { ok: true, e164: '' };
  if (d.length < 10) return { ok: false, problem: 'incomplete' };
  const e164 = finderPhoneForReport(display);
  return e164 && !US_PREMIUM.test(e164) ? { ok: true, e164 } : { ok: false, problem: 'invalid' };
}

/**
 * The country a finder's phone most likely belongs to, from the browser's languages: the first tag
 * with a region the metadata knows (es-MX → MX, fr-CA → CA), else the US (the spec's default).
 */
export function countryFromLanguages(languages: readonly string[] | null | undefined): CountryCode {
  for (const tag of languages ?? []) {
    const region = tag
      .split(/[-_]/)
      .slice(1)
      .find((part) => /^[a-z]{2}$/i.test(part))
      ?.toUpperCase();
    if (region && region in PHONE_COUNTRIES) return region as CountryCode;
  }
  return DEFAULT_PHONE_COUNTRY;
}

/** Every country with its calling code ("MX" → "52"), from the table phoneCountries.ts. */
export const phoneCountries = (): { country: CountryCode; callingCode: string }[] =>
  (Object.keys(PHONE_COUNTRIES) as CountryCode[]).map((country) => ({
    country,
    callingCode: PHONE_COUNTRIES[country],
  }));
