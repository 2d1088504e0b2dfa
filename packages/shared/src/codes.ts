/**
 * The symbols of a label's code: 32 of them, so a random byte gives 5 unbiased bits; no 0/O and no
 * 1/I, so nothing printed can be misread as its look-alike; all in QR alphanumeric mode's set, so
 * the label's upper-cased URL encodes at 5.5 bits a character (label-layout's codeText.test.ts
 * checks this against the QR encoder). The API makes codes of CODE_LENGTH symbols (≈ 50 bits);
 * the finder's page parses typed codes with the same alphabet.
 *
 * Its own entry (`@homing/shared/codes`), free of zod, so the finder bundle can import it.
 */
export const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const CODE_LENGTH = 10;

/**
 * The check symbol printed after a code (never in the QR, whose URL stays as it is): Damm's scheme
 * over the 32 symbols. The symbols are the elements of GF(32) (x⁵ + x² + 1) by their place in
 * CODE_ALPHABET, and one step is `x ∗ y = α·(x ⊕ y)` with α the field's generator: a quasigroup
 * (every row and column a permutation, so a substituted symbol always changes the result), with
 * `x ∗ x = 0`, and totally anti-symmetric (`(c ∗ x) ∗ y = (c ∗ y) ∗ x` only when x = y, since
 * α² ≠ α), so swapping two neighbours, the check symbol included, always changes it too. The check
 * symbol is the running value after the code's symbols; a code followed by its check runs to 0.
 * codes.test.ts checks these three properties over every element, and random codes against them.
 */
export function dammStep(interim: number, symbol: number): number {
  const x = interim ^ symbol;
  return ((x << 1) ^ (x & 16 ? 0x25 : 0)) & 31;
}

function dammRun(symbols: string): number | null {
  let interim = 0;
  for (const char of symbols) {
    const symbol = CODE_ALPHABET.indexOf(char);
    if (symbol < 0) return null;
    interim = dammStep(interim, symbol);
  }
  return interim;
}

/** The check symbol of an upper-case code of CODE_ALPHABET's symbols. */
export function checkSymbol(code: string): string {
  const interim = dammRun(code);
  if (interim === null) throw new Error('Not a code of CODE_ALPHABET');
  return CODE_ALPHABET[interim]!;
}

export type CheckedCode =
  { readonly ok: true; readonly code: string } | { readonly ok: false; readonly reason: 'check' };

/**
 * A typed code with one more symbol than a code has (CODE_LENGTH + 1, upper case, in the
 * alphabet): the code when its last symbol is its check, else "check the code", before any
 * look-up. Null for anything of another length, which is read as before (codes typed without the
 * check symbol keep working).
 */
export function verifyCheckedCode(compact: string): CheckedCode | null {
  if (compact.length !== CODE_LENGTH + 1) return null;
  const interim = dammRun(compact);
  if (interim === null) return null;
  return interim === 0 ? { ok: true, code: compact.slice(0, CODE_LENGTH) } : { ok: false, reason: 'check' };
}

/**
 * Symbols that print or read alike (a digit and a letter, two letters), both in the alphabet: a
 * finder who types one for the other has made the slip a fix may name.
 */
export const LOOK_ALIKES: readonly (readonly [string, string])[] = [
  ['2', 'Z'],
  ['5', 'S'],
  ['6', 'G'],
  ['8', 'B'],
  ['4', 'A'],
  ['7', 'T'],
  ['U', 'V'],
  ['V', 'Y'],
  ['M', 'N'],
  ['E', 'F'],
  ['P', 'R'],
  ['C', 'G'],
  ['K', 'X'],
];

/** Which symbol of a refused code to check: `typed` (one symbol, or two side by side) may be `meant`. */
export interface CodeFix {
  readonly typed: string;
  readonly meant: string;
  /** The code with the fix, check symbol included (CODE_LENGTH + 1 symbols). */
  readonly fixed: string;
}

/**
 * A code with its check symbol that the check refused (verifyCheckedCode): the one slip that
 * explains it, when exactly one does. A slip is a symbol typed for its look-alike or two
 * different neighbours swapped; each candidate is kept only if the check then passes. Any other
 * single substitution could be at any place (each place has exactly one symbol that passes), so
 * naming one would be a guess: null then, and when two slips would each explain it.
 */
export function checkedCodeFix(compact: string): CodeFix | null {
  if (verifyCheckedCode(compact)?.ok !== false) return null;
  const fixes = new Map<string, CodeFix>();
  const consider = (at: number, typed: string, meant: string) => {
    const fixed = compact.slice(0, at) + meant + compact.slice(at + typed.length);
    if (dammRun(fixed) === 0 && !fixes.has(fixed)) fixes.set(fixed, { typed, meant, fixed });
  };
  for (let at = 0; at < compact.length; at++) {
    const char = compact[at]!;
    for (const [a, b] of LOOK_ALIKES) {
      if (char === a) consider(at, a, b);
      else if (char === b) consider(at, b, a);
    }
    const next = compact[at + 1];
    if (next && next !== char) consider(at, char + next, next + char);
  }
  return fixes.size === 1 ? [...fixes.values()][0]! : null;
}
