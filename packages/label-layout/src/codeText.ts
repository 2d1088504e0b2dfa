/**
 * The code as people see and type it. The API makes codes from these 32 symbols (no 0/O, no 1/I,
 * so nothing printed can be misread as its look-alike), 10 of them (`apps/api/src/lib/codeValues.ts`).
 */
export const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const CODE_LENGTH = 10;

const GROUP = 5;

/** The code as printed under the QR: upper case, in groups of five ("K7M2P 9QX4T"), easy to copy. */
export function readableCode(value: string): string {
  const code = value.trim().toUpperCase();
  if (code.length <= GROUP + 1) return code;
  return code.match(new RegExp(`.{1,${GROUP}}`, 'g'))!.join(' ');
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
