import { MESSAGES, TYPE_NAMES, type MessageKey } from './messages';
// The API writes to finders in these same languages (a report carries the page's as `locale`).
import { FINDER_LOCALES, type FinderLocale } from '@homing/shared/finderLocale';

export const LANGUAGES = FINDER_LOCALES;
export type Lang = FinderLocale;

const isLang = (value: string): value is Lang => (LANGUAGES as readonly string[]).includes(value);

/**
 * The first of the browser's preferred languages we have a translation for (by primary subtag:
 * es-MX → es), else English. The order is the user's, so `['de', 'fr', 'es']` gives French.
 */
export function pickLanguage(preferred: readonly string[] | undefined | null): Lang {
  for (const tag of preferred ?? []) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
    if (isLang(primary)) return primary;
  }
  return 'en';
}

/**
 * The browser's own tag for the chosen language (en-GB, es-MX), for times: an en-GB finder reads
 * 14:02 and an en-US one 2:02 PM. The bare language when the browser names no region for it.
 */
export function pickLocale(preferred: readonly string[] | undefined | null, lang: Lang): string {
  for (const tag of preferred ?? []) {
    const clean = tag.trim().replace(/_/g, '-');
    if ((clean.toLowerCase().split('-')[0] ?? '') !== lang) continue;
    try {
      return Intl.getCanonicalLocales(clean)[0] ?? lang;
    } catch {
      return lang; // Not a valid tag: the language alone.
    }
  }
  return lang;
}

export type Params = Record<string, string | number>;

/** Fills `{name}` placeholders; an unknown placeholder stays visible rather than vanishing. */
export function format(template: string, params: Params = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => {
    const value = params[key];
    return value === undefined ? whole : String(value);
  });
}

export interface Translator {
  lang: Lang;
  /** The finder's locale for times (`pickLocale`): the language, with the browser's region. */
  locale: string;
  t: (key: MessageKey, params?: Params) => string;
  /** An item type's name in this language; the server's English name for types we do not know. */
  typeName: (type: { id: string; displayName: string }) => string;
}

export function translator(lang: Lang, locale: string = lang): Translator {
  const messages = MESSAGES[lang];
  return {
    lang,
    locale,
    t: (key, params) => format(messages[key], params),
    typeName: (type) => TYPE_NAMES[lang][type.id] ?? type.displayName,
  };
}
