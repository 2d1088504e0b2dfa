import { FINDER_LOCALES, type FinderLocale } from '@homing/shared';
import { describe, expect, it } from 'vitest';
import { finderLabelName } from '../lib/finderItemName';
import { FINDER_TEXTS } from './finderMessages';

// One language per message (PRODUCT.md, Conversations): everything we write a Spanish or French
// finder is in their language, the name of a label on no item included. This walks every string
// and every function of FINDER_TEXTS with such a label as the item, and looks for English words.

/** Words of English that are no Spanish or French word. */
const ENGLISH = new Set(
  (
    'the your you owner replied reply label attached not please thank thanks item sent with and here ' +
    'number found about click open check send again'
  ).split(' '),
);
const englishIn = (text: string) =>
  (text.match(/[\p{L}]+/gu) ?? []).filter((word) => ENGLISH.has(word.toLowerCase()));

const LINK = 'https://homing.example/found/K7M2P9QX4T/t/xyz';

/** Every text a value yields: a string as is, a function called with made-up names, an object walked. */
function texts(value: unknown, item: string, path: string): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (typeof value === 'function') {
    const call = (...args: unknown[]) => (value as (...a: unknown[]) => unknown)(...args);
    const names = { brand: 'Homing', item, link: LINK };
    // FINDER_TEXTS' functions take names (and the owner's words, or null), or a brand or example
    // code (and a link): a string where names made "[object Object]".
    const byNames = [call(names, 'Comida'), ...(value.length === 2 ? [call(names, null)] : [])];
    const made = byNames.some((t) => String(t).includes('[object Object]'))
      ? [call('Homing', LINK)]
      : byNames;
    return made.flatMap((t, i) => texts(t, item, `${path}(${i})`));
  }
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, v]) => texts(v, item, `${path}.${key}`));
  return [];
}

describe('what we write a Spanish or French finder', () => {
  for (const locale of FINDER_LOCALES.filter((l): l is Exclude<FinderLocale, 'en'> => l !== 'en'))
    it(`is all ${locale}, a label on no item named in ${locale} too`, () => {
      const item = finderLabelName('K7M2P9QX4T', locale);
      expect(item).toBe({ es: 'la etiqueta K7M2P 9QX4T', fr: "l'étiquette K7M2P 9QX4T" }[locale]);
      const all = texts(FINDER_TEXTS[locale], item, locale);
      expect(all.length).toBeGreaterThan(20);
      for (const [path, text] of all) {
        expect(text).not.toContain('[object');
        const ours = text.replace(/https?:\/\/\S+/g, '').replace(/Homing|Comida|K7M2P 9QX4T|SMS/g, '');
        expect(englishIn(ours), `${path}: ${text}`).toEqual([]);
      }
    });

  it('catches English in what it walks', () => {
    const item = `Label K7M2P9QX4T (not attached)`;
    const leaked = texts(FINDER_TEXTS.es.text, item, 'es').filter(([, t]) => englishIn(t).length > 0);
    expect(leaked.length).toBeGreaterThan(3);
  });
});
