import {
  DEFAULT_PHONE_COUNTRY,
  FINDER_PHONE_MAX_LENGTH,
  INTERNATIONAL_PHONE_MAX_LENGTH,
  checkUsPhone,
  formatFinderPhone,
  phoneCountries,
  type CountryCode,
  type PhoneCheck,
} from '@homing/shared/finderPhone';
import { PHONE_COUNTRIES } from '@homing/shared/phoneCountries';
import { afterPaint } from './dom';
import { intlPhoneNow, loadIntlPhone } from './intlPhoneLoader';

export { FINDER_PHONE_MAX_LENGTH, type CountryCode, type PhoneCheck };

/**
 * PRODUCT.md, Validation for the US: digits only, at most 10, shown 3-3-4 with dashes, reformatted as the
 * finder types; another country's number in that country's own format (PRODUCT.md, Validation). The caret stays
 * after the same number of digits, so a correction in the middle does not jump to the end.
 */
export function reformatPhone(
  value: string,
  caret: number,
  country: CountryCode = DEFAULT_PHONE_COUNTRY,
): { value: string; caret: number } {
  const digitsBefore = value.slice(0, caret).replace(/\D/g, '').length;
  const intl = intlPhoneNow();
  // Another country's format once its rules have arrived; until then what was typed stays as is.
  const formatted =
    country === 'US' ? formatFinderPhone(value) : intl ? intl.formatPhoneAsTyped(value, country) : value;
  let position = 0;
  for (let seen = 0; position < formatted.length && seen < digitsBefore; position++) {
    if (/\d/.test(formatted[position] ?? '')) seen++;
  }
  return { value: formatted, caret: position };
}

/** Wires the formatting to a phone input; `country()` is the country picked right now. */
export function formatAsTyped(input: HTMLInputElement, country: () => CountryCode = () => 'US') {
  const apply = () => {
    const next = reformatPhone(input.value, input.selectionStart ?? input.value.length, country());
    if (next.value === input.value) return;
    input.value = next.value;
    // Only move the caret while the field has focus (autofill and scripts set values too).
    if (document.activeElement === input) input.setSelectionRange(next.caret, next.caret);
  };
  const fit = () => {
    const us = country() === 'US';
    // The US keeps the spec's digits-only field of 12; other numbers may be typed with "+".
    input.maxLength = us ? FINDER_PHONE_MAX_LENGTH : INTERNATIONAL_PHONE_MAX_LENGTH;
    input.inputMode = us ? 'numeric' : 'tel';
    input.placeholder = us ? '555-123-4567' : '';
  };
  // Another country's rules are fetched when the finder is about to type (or picks a country).
  const load = () => {
    if (country() !== 'US' && !intlPhoneNow()) void loadIntlPhone().then(apply);
  };
  fit();
  input.addEventListener('input', apply);
  input.addEventListener('focus', load);
  return {
    /** Call when the country changes: the field's rules follow, and what was typed is reformatted. */
    refresh() {
      fit();
      load();
      apply();
    },
  };
}

/**
 * The number typed, checked as the server checks it (PRODUCT.md, Validation): its E.164 form ('' for an empty
 * field), or why it cannot be sent. The spec's US rules at once; another country's (or a "+…"
 * number) with its rules, waiting for them if need be. Without them (offline) it cannot be checked.
 */
export async function checkPhone(display: string, country: CountryCode): Promise<PhoneCheck> {
  if (!display.trim()) return { ok: true, e164: '' };
  if (country === 'US' && !display.trim().startsWith('+')) return checkUsPhone(display);
  const intl = await loadIntlPhone();
  return intl ? intl.checkPhone(display, country) : { ok: false, problem: 'invalid' };
}

/** The calling code of a country ("MX" → "52"). */
export const callingCodeOf = (country: CountryCode) => PHONE_COUNTRIES[country];

/** A country's flag from its regional indicator letters (systems without flag glyphs show letters). */
export const flagOf = (country: CountryCode) =>
  String.fromCodePoint(...Array.from(country, (c) => 0x1f1e6 + c.charCodeAt(0) - 65));

/**
 * The country picker in front of the number: "+1" for the US as the spec shows it, every other
 * country by its calling code and its name in the page's language (the browser's own names).
 */
export function countryOptions(lang: string, selected: CountryCode): HTMLOptionElement[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([lang], { type: 'region' });
  } catch {
    // Older engines: the code alone.
  }
  return phoneCountries()
    .map(({ country, callingCode }) => ({ country, callingCode, name: names?.of(country) ?? country }))
    .sort(byName(lang))
    .map(({ country, callingCode, name }) =>
      option(country, `+${callingCode} ${name}`, country === selected),
    );
}

/**
 * Fills the picker: the selected country at once, every country once the page has painted or as
 * soon as the finder reaches for the picker. Naming ~200 countries in the page's language and
 * sorting them is the slowest step of a slow phone's first frame; the item comes first.
 */
export function fillCountryPicker(select: HTMLSelectElement, lang: string, selected: CountryCode) {
  select.append(option(selected, `+${callingCodeOf(selected)}`, true));
  let filled = false;
  const fill = () => {
    if (filled) return;
    filled = true;
    select.replaceChildren(...countryOptions(lang, select.value as CountryCode));
  };
  select.addEventListener('focus', fill);
  select.addEventListener('pointerdown', fill);
  afterPaint(fill);
}

function option(value: string, text: string, selected: boolean) {
  const element = document.createElement('option');
  element.value = value;
  element.textContent = text;
  element.selected = selected;
  return element;
}

type Named = { name: string };
const byName = (lang: string): ((a: Named, b: Named) => number) => {
  // One collator for the whole sort (localeCompare would make one per comparison).
  try {
    const collator = new Intl.Collator(lang);
    return (a, b) => collator.compare(a.name, b.name);
  } catch {
    return (a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  }
};
