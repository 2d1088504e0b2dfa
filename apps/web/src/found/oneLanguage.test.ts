import { describe, expect, it } from 'vitest';
import { LOST_TEXT } from './lostText';
import { MESSAGES, TYPE_NAMES } from './messages';

// One language per page (PRODUCT.md, Conversations): every string the finder page shows a Spanish
// or French finder is in their language. This walks all of them for words of English that are no
// Spanish or French word (the API's own walk, over e-mails and texts, is
// apps/api/src/notifications/oneLanguage.test.ts).

const ENGLISH = new Set(
  (
    'the your you owner replied reply label attached please thank thanks item sent with and here number ' +
    'found about click again this that what when where who will would could should has have been was ' +
    'were is are it its of to for from by at an or not yes send share loading failed try sign claim ' +
    'welcome how works home go in on'
  ).split(' '),
);
/** Words of each language spelt as an English one. */
const SAME: Record<'es' | 'fr', Set<string>> = { es: new Set(['has']), fr: new Set(['on']) };

const englishIn = (text: string, lang: 'es' | 'fr') =>
  (text.replace(/\{\w+\}/g, '').match(/[\p{L}]+/gu) ?? []).filter(
    (word) => ENGLISH.has(word.toLowerCase()) && !SAME[lang].has(word.toLowerCase()),
  );

describe('the finder page in Spanish and French', () => {
  for (const lang of ['es', 'fr'] as const)
    it(`has no English word in any of its ${lang} strings`, () => {
      const all = [
        ...Object.entries(MESSAGES[lang]),
        ...Object.entries(LOST_TEXT[lang]),
        ...Object.entries(TYPE_NAMES[lang]),
      ] as [string, string][];
      expect(all.length).toBeGreaterThan(100);
      expect(all.filter(([, text]) => englishIn(text, lang).length > 0)).toEqual([]);
    });

  it('catches the English it looks for', () => {
    expect(englishIn(MESSAGES.en.threadTitle, 'es')).toEqual(['Your', 'about']);
    expect(englishIn('Tu conversación sobre Label K7M2P9QX4T (not attached)', 'es')).toEqual([
      'Label',
      'not',
      'attached',
    ]);
  });
});
