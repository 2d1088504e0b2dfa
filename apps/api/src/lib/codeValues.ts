import crypto from 'node:crypto';

// 32 symbols without look-alikes (no 0/O, 1/I): 5 bits each, unbiased from a byte, and all in QR's
// alphanumeric set so labels encode compactly.
export const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const CODE_LENGTH = 10;

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
