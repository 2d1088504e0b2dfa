import { CODE_ALPHABET, CODE_LENGTH, checkSymbol } from '@homing/shared/codes';

/** The code as people see and type it: the API makes codes of these symbols (one alphabet, shared). */
export { CODE_ALPHABET, CODE_LENGTH };

const GROUP = 5;

/** The code as printed under the QR: upper case, in groups of five ("K7M2P 9QX4T"), easy to copy. */
export function readableCode(value: string): string {
  const code = value.trim().toUpperCase();
  if (code.length <= GROUP + 1) return code;
  return code.match(new RegExp(`.{1,${GROUP}}`, 'g'))!.join(' ');
}

/**
 * The code as printed under the QR: `readableCode` and, for a code of CODE_LENGTH symbols of the
 * alphabet, its check symbol after a dash ("K7M2P 9QX4T-R"), so a slip in typing or texting it is
 * caught before any look-up (@homing/shared/codes). The QR keeps the bare code.
 */
export function printedCode(value: string): string {
  const code = value.trim().toUpperCase();
  const checked = code.length === CODE_LENGTH && [...code].every((c) => CODE_ALPHABET.includes(c));
  return checked ? `${readableCode(code)}-${checkSymbol(code)}` : readableCode(code);
}

/**
 * The line under the address on an instance with an SMS number (PRODUCT.md, Finders who text): the code as printed,
 * which the inbound text parser reads as is (groups, dash and check symbol), and the number as
 * configured ("or text K7M2P 9QX4T-R to +1 555 010 0199").
 */
export function smsLineText(value: string, smsNumber: string): string {
  return `or text ${printedCode(value)} to ${smsNumber}`;
}

export type TypedCode =
  | { readonly ok: true; readonly code: string }
  | { readonly ok: false; readonly reason: 'empty' }
  | { readonly ok: false; readonly reason: 'characters'; readonly invalid: string }
  | { readonly ok: false; readonly reason: 'length'; readonly length: number };

/**
 * What a finder typed (or pasted) as a code: any case, with or without the spaces and dashes of
 * the printed groups, or a whole label address (`homing.example/qr/K7M2P9QX4T`), whose last path
 * segment is the code. Says why anything else cannot be a code.
 */
export function parseTypedCode(input: string): TypedCode {
  const lastSegment = input.trim().split('/').filter(Boolean).at(-1) ?? '';
  const code = lastSegment.replace(/[\s\-–—_.]+/g, '').toUpperCase();
  if (code === '') return { ok: false, reason: 'empty' };
  const invalid = [...new Set(Array.from(code).filter((char) => !CODE_ALPHABET.includes(char)))].join('');
  if (invalid) return { ok: false, reason: 'characters', invalid };
  if (code.length !== CODE_LENGTH) return { ok: false, reason: 'length', length: code.length };
  return { ok: true, code };
}
