// International finders' phones (PRODUCT.md, Validation), with libphonenumber-js's `min` metadata: any valid
// number of any country, sent as E.164; the US keeps the spec's own rules (finderPhone.ts). The
// server checks every report with it; the finder page loads it only for a country other than the US.
import {
  AsYouType,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
  type CountryCode as LibCountryCode,
} from 'libphonenumber-js/min';
import type { CountryCode, PhoneCheck } from './finderPhone';
import { isPremiumOrSatellite } from './untextable';

const lib = (country: CountryCode) => country as LibCountryCode;

// The spec's US rules again (finderPhone.ts has them; intlPhone.test.ts holds the two together):
// the finder page loads this file as a chunk of its own, which must import nothing from the page's
// main chunk (on the label's page that chunk is inline: importing it would run the page twice).
const formatFinderPhone = (input: string) =>
  input
    .replace(/\D/g, '')
    .slice(0, 10)
    .replace(/^(\d{3})(\d{1,3})?(\d{1,4})?$/, (_, a: string, b?: string, c?: string) =>
      [a, b, c].filter(Boolean).join('-'),
    );
const finderPhoneForReport = (display: string) => {
  const d = display.replace(/\D/g, '');
  return d.length === 10 ? `+1${d}` : '';
};

/**
 * The number as the finder types it: the spec's 555-123-4567 for the US, the country's own format
 * otherwise (and for a number typed with its "+" and calling code, whatever the country picked).
 */
export function formatPhoneAsTyped(input: string, country: CountryCode): string {
  const typed = input.trim();
  if (!typed.startsWith('+') && country === 'US') return formatFinderPhone(typed);
  const clean = (typed.startsWith('+') ? '+' : '') + typed.replace(/\D/g, '').slice(0, 15);
  return new AsYouType(typed.startsWith('+') ? undefined : lib(country)).input(clean);
}

/**
 * What the report carries: E.164 for a valid number of the country (or a "+…" number), the spec's
 * "+1 and 10 digits" for the US, otherwise '' (the page then asks "Are you sure?").
 */
export function phoneForReport(display: string, country: CountryCode): string {
  const typed = display.trim();
  if (!typed) return '';
  if (!typed.startsWith('+') && country === 'US') return finderPhoneForReport(typed);
  const parsed = parsePhoneNumberFromString(typed, typed.startsWith('+') ? undefined : lib(country));
  return parsed?.isValid() ? parsed.number : '';
}

/**
 * A number of any country checked as the server checks it (isAcceptedFinderPhone): its E.164 form,
 * or why it cannot be sent. The page shows the problem in the field (no number is dropped).
 * A US number typed without "+" is checkUsPhone's (finderPhone.ts, in the page's main chunk).
 */
export function checkPhone(display: string, country: CountryCode): PhoneCheck {
  const typed = display.trim();
  if (!typed) return { ok: true, e164: '' };
  const e164 = phoneForReport(typed, country);
  if (e164 && isAcceptedFinderPhone(e164)) return { ok: true, e164 };
  const region = typed.startsWith('+') ? undefined : lib(country);
  if (validatePhoneNumberLength(typed, region) === 'TOO_SHORT') return { ok: false, problem: 'incomplete' };
  // Incomplete when more digits would make a valid number ("07700 90" in GB), else not a number.
  const digits = typed.replace(/\D/g, '').length;
  for (let more = 1; digits + more <= 15 && more <= 8; more++)
    for (const digit of ['0', '5']) {
      const longer = parsePhoneNumberFromString(typed + digit.repeat(more), region);
      if (longer?.isValid() && isAcceptedFinderPhone(longer.number))
        return { ok: false, problem: 'incomplete' };
    }
  return { ok: false, problem: 'invalid' };
}

/**
 * The country a number (E.164) belongs to, as libphonenumber's metadata assigns it (ISO 3166 alpha-2:
 * 'US', 'CA', 'GG'), or null when its range names none: the server's SMS country allow-list.
 */
export const phoneCountryOf = (e164: string): string | null =>
  parsePhoneNumberFromString(e164)?.country ?? null;

/**
 * The server's check of a report's phone: '' or the spec's +1 and 10 digits, or any other valid
 * number written exactly in E.164.
 */
export function isAcceptedFinderPhone(value: string): boolean {
  if (value === '') return true;
  if (isPremiumOrSatellite(value)) return false;
  if (/^\+1\d{10}$/.test(value)) return true;
  if (!/^\+[1-9]\d{5,14}$/.test(value) || value.startsWith('+1')) return false;
  const parsed = parsePhoneNumberFromString(value);
  return !!parsed?.isValid() && parsed.number === value;
}

/**
 * A number as people write it, in international form grouped the way its country groups it
 * ("+15550100199" → "+1 555 010 0199", "+33612345678" → "+33 6 12 34 56 78"); as given (trimmed)
 * when it is not a "+" number libphonenumber-js can read. What labels print for SMS_PUBLIC_NUMBER.
 */
export function phoneAsWritten(number: string): string {
  const typed = number.trim();
  const parsed = typed.startsWith('+') ? parsePhoneNumberFromString(typed) : undefined;
  return parsed?.formatInternational() ?? typed;
}
