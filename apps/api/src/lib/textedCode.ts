import { CODE_ALPHABET, CODE_LENGTH, verifyCheckedCode } from '@homing/shared';

export type TextedCode =
  /**
   * A code (its check symbol verified and dropped, when it was sent) and the words around it;
   * `unmistakable` when the brand word comes right before it, or when it was sent with a right
   * check symbol alone on its line: only such a code starts a new conversation from a number that
   * has one open (PRODUCT.md, Finders who text).
   */
  | { kind: 'code'; code: string; message: string; unmistakable: boolean; text: string }
  /** A code with its check symbol that does not add up: "check the code", before any look-up. */
  | { kind: 'check'; unmistakable: boolean; text: string }
  /** No code in it: the words alone (a finder going on with a conversation). */
  | { kind: 'none'; message: string };

const ONE_LETTER_WORDS = new Set(['A', 'E', 'U', 'Y']);
const SYMBOLS = new RegExp(`^[${CODE_ALPHABET}]+$`);
const DIGIT = /[2-9]/;
const GROUP = CODE_LENGTH / 2;
/** A token as typed: the printed groups' dashes and the punctuation around a word go. */
const compact = (token: string) =>
  token
    .replace(/^[("'«]+|[)"'»:;,.!?]+$/g, '')
    .replace(/[-–—_.]/g, '')
    .toUpperCase();

interface Token {
  word: string;
  symbols: string | null;
  line: number;
}

/**
 * The code's shapes as printed or typed, from token `at`: its two groups of five ("K7M2P 9QX4T",
 * or joined, "K7M2P9QX4T", or with a dash), then maybe its check symbol, joined ("9QX4T-R",
 * "9QX4TR") or a word of its own ("9QX4T R"). Returns the symbols, the check (null: none) and
 * whether the check was a word of its own, and the index past the last token used.
 */
function shapeAt(tokens: readonly Token[], at: number) {
  const first = tokens[at]?.symbols;
  if (!first) return null;
  let symbols: string;
  let next: number;
  const second = tokens[at + 1]?.symbols;
  if (first.length === CODE_LENGTH || first.length === CODE_LENGTH + 1) [symbols, next] = [first, at + 1];
  else if (first.length === GROUP && second && (second.length === GROUP || second.length === GROUP + 1))
    [symbols, next] = [first + second, at + 2];
  else return null;
  if (symbols.length === CODE_LENGTH + 1)
    return { code: symbols.slice(0, CODE_LENGTH), check: symbols.slice(CODE_LENGTH), apart: false, next };
  const alone = tokens[next]?.symbols;
  if (alone?.length === 1) return { code: symbols, check: alone, apart: true, next: next + 1 };
  return { code: symbols, check: null, apart: false, next };
}

/**
 * Reads a text sent to the instance's number (PRODUCT.md, Finders who text): a label's code in it
 * (any case, with or without the brand word before it) and the message around it. A code is read
 * only in its printed shapes (`shapeAt`), and only when it is plainly one: the brand word before
 * it, a right check symbol after it, or a digit in it (so "GREAT THANKS" or "STRAWBERRY" are
 * words). A wrong check symbol is a slip ("check the code", before any look-up), except a
 * one-letter word written apart from the code ("… 2KDP2 A cat was…"), which begins the message
 * (the code is then looked up without its check).
 */
export function parseTextedCode(text: string, brandWords: readonly string[]): TextedCode {
  const trimmed = text.trim();
  const brands = new Set(brandWords.map((w) => w.toUpperCase()));
  const tokens: Token[] = trimmed.split(/\r?\n/).flatMap((line, n) =>
    line
      .split(/\s+/)
      .filter(Boolean)
      .map((word) => {
        const symbols = compact(word);
        return { word, symbols: SYMBOLS.test(symbols) ? symbols : null, line: n };
      }),
  );
  const isBrand = (t: Token | undefined) => !!t && brands.has(compact(t.word));
  for (let at = 0; at < tokens.length; at++) {
    const shape = shapeAt(tokens, at);
    if (!shape) continue;
    const branded = isBrand(tokens[at - 1]);
    let { next } = shape;
    let checked: boolean | null = null;
    if (shape.check !== null) {
      const right = verifyCheckedCode(shape.code + shape.check)!.ok;
      if (right) checked = true;
      else if (shape.apart && ONE_LETTER_WORDS.has(shape.check)) next -= 1;
      else checked = false;
    }
    if (!branded && !checked && !DIGIT.test(shape.code)) continue;
    if (checked === false) return { kind: 'check', unmistakable: branded, text: trimmed };
    const line = tokens[at]!.line;
    const aloneOnLine =
      tokens[next - 1]!.line === line &&
      tokens.every((t, i) => t.line !== line || (i >= at && i < next) || isBrand(t));
    const message = [...tokens.slice(0, at).filter((t) => !isBrand(t)), ...tokens.slice(next)]
      .map((t) => t.word)
      .join(' ');
    return {
      kind: 'code',
      code: shape.code,
      message,
      unmistakable: branded || (checked === true && aloneOnLine),
      text: trimmed,
    };
  }
  return { kind: 'none', message: trimmed };
}
