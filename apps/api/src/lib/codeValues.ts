import crypto from 'node:crypto';
import { CODE_ALPHABET, CODE_LENGTH } from '@homing/shared';

// 32 symbols, so `byte % 32` is unbiased; why these: @homing/shared's codes.ts.
export { CODE_ALPHABET };

/** A random, unguessable code value (10 symbols ≈ 50 bits). */
export function newCodeValue(): string {
  const bytes = crypto.randomBytes(CODE_LENGTH);
  let out = '';
  for (const b of bytes) out += CODE_ALPHABET[b % CODE_ALPHABET.length];
  return out;
}

/** Routes and lookups accept any case; stored values are upper-case. */
export const normalizeCodeValue = (input: string) => input.trim().toUpperCase();
export const isPlausibleCodeValue = (value: string) => /^[0-9A-Z]{4,32}$/.test(value);
