import crypto from 'node:crypto';

/** How long a reset link, a reset code or a confirmation stays valid. */
export const ACCOUNT_TOKEN_TTL_MS = 30 * 60 * 1000;
/** Wrong guesses a 6-digit code takes before it is dead (then a new one must be asked for). */
export const MAX_CODE_ATTEMPTS = 5;

/** A link's secret: 256 random bits. */
export const newLinkSecret = () => crypto.randomBytes(32).toString('base64url');
/** A 6-digit code, every value equally likely. */
export const newCode = () => String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');

/** Only this is stored. A code is hashed with its row id, so equal codes never share a hash. */
export const hashSecret = (secret: string, salt = '') =>
  crypto.createHash('sha256').update(`${salt}:${secret}`).digest('hex');

export const isCode = (s: string) => /^\d{6}$/.test(s);
