import { CODE_ALPHABET, CODE_LENGTH, verifyCheckedCode } from '@homing/shared';

export type TextedCode =
  /** A code (its check symbol verified and dropped, when it was sent) and the words around it. */
  | { kind: 'code'; code: string; message: string }
  /** A code with its check symbol that does not add up: "check the code", before any look-up. */
  | { kind: 'check' }
  /** No code in it: the words alone (a finder going on with a conversation). */
  | { kind: 'none'; message: string };

const ONE_LETTER_WORDS = new Set(['A', 'E', 'U', 'Y']);
const SYMBOLS = new RegExp(`^[${CODE_ALPHABET}]+$`);
/** A token as typed: the printed groups' dashes and the punctuation around a word go. */
const compact = (token: string) =>
  token
    .replace(/^[("'«]+|[)"'»:;,.!?]+$/g, '')
    .replace(/[-–—_.]/g, '')
    .toUpperCase();

/**
 * Reads a text sent to the instance's number: a label's code anywhere in it (any case, in its
 * printed groups or not, with dashes, with or without the brand word before it), optionally with its
 * check symbol, and the message around it. The code is CODE_LENGTH symbols made of whole words; a
 * symbol more is the check symbol: a wrong one is a slip ("check the code", before any look-up),
 * except a one-letter word written apart from the code ("… 2KDP2 A cat was…"), which begins the
 * message (the code is then looked up without its check).
 */
export function parseTextedCode(text: string, brandWords: readonly string[]): TextedCode {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const brands = new Set(brandWords.map((w) => w.toUpperCase()));
  const rest = (from: number, before: number) =>
    [...words.slice(0, before).filter((w) => !brands.has(compact(w))), ...words.slice(from)].join(' ');
  for (let start = 0; start < words.length; start++) {
    let symbols = '';
    let atLength: number | null = null;
    for (let end = start; end < words.length; end++) {
      const token = compact(words[end]!);
      if (!SYMBOLS.test(token)) break;
      const before = symbols.length;
      symbols += token;
      if (symbols.length === CODE_LENGTH) atLength = end;
      if (symbols.length === CODE_LENGTH + 1) {
        const checked = verifyCheckedCode(symbols)!;
        if (checked.ok) return { kind: 'code', code: checked.code, message: rest(end + 1, start) };
        // Joined to the code's symbols, or apart and no word: a slip. Apart and a word of one
        // letter (English "a", Spanish "y", "e", "u"), the message's first word.
        if (before !== CODE_LENGTH || !ONE_LETTER_WORDS.has(token)) return { kind: 'check' };
      }
      if (symbols.length > CODE_LENGTH) break;
    }
    if (atLength !== null)
      return { kind: 'code', code: symbols.slice(0, CODE_LENGTH), message: rest(atLength + 1, start) };
  }
  return { kind: 'none', message: text.trim() };
}
