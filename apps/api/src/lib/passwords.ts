import crypto from 'node:crypto';
import os from 'node:os';
import { promisify } from 'node:util';

const rawScrypt = promisify(crypto.scrypt) as (
  pw: string,
  salt: Buffer,
  len: number,
  opts: crypto.ScryptOptions,
) => Promise<Buffer>;

/**
 * How many scrypt runs may be under way at once in this process: one core is left to the event
 * loop (the label page, sign-in's own queries, the database on the same machine), and at least two
 * of libuv's four threads stay free for what else runs there (compression, files). Callers past
 * it wait their turn: a flood of hashing slows hashing, never every other request.
 */
export const SCRYPT_CONCURRENCY = Math.max(1, Math.min(2, os.availableParallelism() - 1));

let running = 0;
const waiting: (() => void)[] = [];

async function scrypt(pw: string, salt: Buffer, len: number, opts: crypto.ScryptOptions) {
  if (running >= SCRYPT_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  passwordWork.hashes++;
  try {
    return await rawScrypt(pw, salt, len, opts);
  } finally {
    // The slot passes straight to the next waiter, if any.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** How many scrypt runs this process has done (tests count real work under a flood). */
export const passwordWork = { hashes: 0 };

// scrypt is memory-hard (N·r·128 bytes = 16 MiB per hash here) and ships with Node: no native addon.
const PARAMS = { N: 2 ** 14, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 32;

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** How many passwords this process has checked (tests count real checks under a login flood). */
export const passwordChecks = { count: 0 };

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  passwordChecks.count++;
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return crypto.timingSafeEqual(actual, expected);
}

/** A hash to verify against when the account does not exist, so timing does not reveal accounts. */
export const DUMMY_HASH_PROMISE = hashPassword(crypto.randomBytes(12).toString('hex'));
