import crypto from 'node:crypto';
import type { Conn } from '../ctx';

/**
 * A client address as stored beside a finder report, or a blocked sender: compared for equality
 * only (is this report from the address the owner marks recovery from?), never shown. Keyed
 * (PRODUCT.md, Privacy): HMAC-SHA-256 under the instance's own secret, so a stored value cannot be reversed
 * by hashing the 2³² IPv4 addresses, and two instances hash one address differently.
 *
 * The HMAC is taken over the old unsalted digest (`legacyAddressDigest`), so the migration that
 * made the secret turned every stored value into the new one in place (it has the digest, never
 * the address): no window in which both forms are accepted.
 */
export async function addressHash(conn: Conn, ip: string): Promise<string> {
  return keyedAddressHash(await addressHashSecret(conn), ip);
}

/** The keyed hash under `secret` (base64url), as `addressHash` and the migration compute it. */
export const keyedAddressHash = (secret: string, ip: string) => keyedDigest(secret, legacyAddressDigest(ip));

export const keyedDigest = (secret: string, digest: string) =>
  crypto.createHmac('sha256', Buffer.from(secret, 'base64url')).update(digest).digest('hex');

/**
 * The unsalted digest stored before keyed hashes (never stored now). An IPv4 address seen through an
 * IPv6 socket (`::ffff:1.2.3.4`) hashes like the plain one.
 */
export const legacyAddressDigest = (ip: string) =>
  crypto
    .createHash('sha256')
    .update(`homing-address:${ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '')}`)
    .digest('hex');

// One secret per database, read once: keyed by the client's config, which a transaction shares
// with the Knex instance it was opened on. Only a secret read back from its committed row is kept.
const secrets = new WeakMap<object, Promise<string>>();

/** The instance's secret (see `addressHashSecretMaker`), read once per database. */
export function addressHashSecret(conn: Conn): Promise<string> {
  const key = (conn as unknown as { client: { config: object } }).client.config;
  const cached = secrets.get(key);
  if (cached) return cached;
  const read = (async () => {
    const secret = await readSecret(conn);
    if (secret) return secret;
    // Not made yet (a service run outside a started server): made now, on the caller's
    // connection, and not kept (that transaction may still roll back).
    secrets.delete(key);
    return addressHashSecretMaker(conn);
  })();
  secrets.set(key, read);
  read.catch(() => secrets.delete(key));
  return read;
}

const readSecret = async (conn: Conn) =>
  ((await conn('addressHashKeys').where({ id: 1 }).first('secret')) as { secret: string } | undefined)
    ?.secret;

/**
 * Makes the instance's secret once, at the first start (`startServer`), and keeps it in
 * `address_hash_keys` as the VAPID keys are: it survives restarts and every copy of the API
 * shares it. The start that makes it also turns every stored unsalted digest into the keyed hash
 * of that digest, in the same transaction (finder reports): nothing reversible is left. A concurrent start waits on the
 * row and converts nothing.
 */
export async function addressHashSecretMaker(conn: Conn): Promise<string> {
  const existing = await readSecret(conn);
  if (existing) return existing;
  const run = async (trx: Conn) => {
    const secret = crypto.randomBytes(32).toString('base64url');
    const made = (await trx('addressHashKeys')
      .insert({ id: 1, secret })
      .onConflict('id')
      .ignore()
      .returning('id')) as unknown[];
    if (!made.length) return (await readSecret(trx))!;
    // Blocks hold no address hashes: they name a person (device and contact, lib/senderKeys.ts).
    for (const [table, column] of [['foundReports', 'reporterAddressHash']] as const) {
      const digests = (
        (await trx(table).whereNotNull(column).distinct(column)) as Record<string, string>[]
      ).map((r) => r[column]!);
      for (let i = 0; i < digests.length; i += 500) {
        const chunk = digests.slice(i, i + 500);
        const cases = chunk.map(() => 'WHEN ? THEN ?').join(' ');
        await trx(table)
          .whereIn(column, chunk)
          .update({
            [column]: trx.raw(`CASE ?? ${cases} END`, [
              column,
              ...chunk.flatMap((d) => [d, keyedDigest(secret, d)]),
            ]),
          });
      }
    }
    return secret;
  };
  return conn.isTransaction ? run(conn) : conn.transaction(run);
}
