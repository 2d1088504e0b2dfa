import type { FinderLocale } from '@homing/shared';

/**
 * A word naming the language, anywhere in a text: the finder's choice wins over a guess. The
 * language's name in any case; its two letters in capitals only ("en" and "es" are words).
 */
const NAMES: Record<string, FinderLocale> = {
  espanol: 'es',
  español: 'es',
  spanish: 'es',
  francais: 'fr',
  français: 'fr',
  french: 'fr',
  english: 'en',
  ingles: 'en',
  inglés: 'en',
  anglais: 'en',
};
const CODES: Record<string, FinderLocale> = { ES: 'es', FR: 'fr', EN: 'en' };

// Common short words that tell the three apart in a few words of a text message.
const WORDS: Record<FinderLocale, readonly string[]> = {
  en: [
    'the',
    'your',
    'you',
    'i',
    'found',
    'is',
    'at',
    'on',
    'it',
    'and',
    'my',
    'hello',
    'hi',
    'thanks',
    'please',
    'this',
    'near',
    'with',
  ],
  es: [
    'el',
    'la',
    'los',
    'las',
    'tu',
    'tus',
    'su',
    'encontre',
    'encontré',
    'he',
    'encontrado',
    'es',
    'esta',
    'está',
    'en',
    'y',
    'hola',
    'gracias',
    'que',
    'con',
    'por',
    'cerca',
    'llaves',
    'perro',
    'mi',
    'de',
    'del',
    'un',
    'una',
  ],
  fr: [
    'le',
    'la',
    'les',
    'vos',
    'votre',
    'ton',
    'tes',
    'trouvé',
    'trouve',
    "j'ai",
    'jai',
    'est',
    'à',
    'au',
    'et',
    'bonjour',
    'merci',
    'je',
    'avec',
    'près',
    'clés',
    'cles',
    'chien',
    'de',
    'du',
    'un',
    'une',
    'sur',
    'vous',
  ],
};

/**
 * The language of a finder's text (PRODUCT.md, Finders who text): a keyword naming it (ES, FRANCAIS…) if there is one,
 * else the language most of its common words belong to; null when it says nothing either way (the
 * conversation then keeps the language it has, English for a new one).
 */
export function textLanguage(text: string): FinderLocale | null {
  const tokens = text
    .replace(/[’]/g, "'")
    .split(/[\s,.!?;:()"]+/)
    .filter(Boolean);
  for (const token of tokens) {
    const chosen = CODES[token] ?? NAMES[token.toLowerCase()];
    if (chosen) return chosen;
  }
  const words = tokens.map((t) => t.toLowerCase());
  const score = (locale: FinderLocale) => words.filter((w) => WORDS[locale].includes(w)).length;
  const ranked = (['en', 'es', 'fr'] as const).map((l) => [l, score(l)] as const).sort((a, b) => b[1] - a[1]);
  const [best, second] = ranked;
  return best![1] > 0 && best![1] > second![1] ? best![0] : null;
}

/** A text that is only a language's keyword ("ES", "francais"): a choice, not a message. */
export const onlyLanguageKeyword = (text: string) => {
  const word = text.trim().replace(/[.!]+$/, '');
  return !!(CODES[word] ?? NAMES[word.toLowerCase()]);
};

/**
 * A text less the language keyword it begins with ("ES Encontré…", "Français : j'ai…"): the
 * choice is the finder's, not words for the owner. A keyword counts there as its two letters or
 * its name in capitals, or its name in any case before a colon or comma ("English is…" stays);
 * a text all in capitals keeps its first word (it is one).
 */
export function withoutLanguageKeyword(text: string) {
  const trimmed = text.trim();
  const found = /^(\S+?)(\s*[:,.\-–]+)?(?:\s+|$)/u.exec(trimmed);
  if (!found) return trimmed;
  const [whole, word, mark] = found as unknown as [string, string, string | undefined];
  const rest = trimmed.slice(whole.length).trim();
  const capitals = word === word.toUpperCase();
  const keyword = capitals
    ? (CODES[word] ?? NAMES[word.toLowerCase()])
    : mark
      ? NAMES[word.toLowerCase()]
      : undefined;
  if (!keyword) return trimmed;
  if (capitals && rest && rest === rest.toUpperCase() && /\p{L}/u.test(rest)) return trimmed;
  return rest;
}
