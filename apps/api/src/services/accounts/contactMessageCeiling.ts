import type { Knex } from 'knex';
import { addressHash } from '../../lib/addressHash';
import { MESSAGES_PER_CONTACT_PER_HOUR } from '../../lib/limitRules';

/**
 * The ceiling per victim: whether one more message that anyone could cause (a reset, a
 * confirmation, "you already have an account", a backup-contact invitation) may go to `contact`,
 * counting it when it may. At most `MESSAGES_PER_CONTACT_PER_HOUR` in any hour, whoever asked and
 * from wherever; past them the caller answers as ever and sends nothing (the newest secret already
 * sent stays the live one, so the owner can still use it). Counted in the caller's transaction
 * under a lock on the contact: concurrent requests cannot pass the ceiling together, and a
 * rolled-back request counts nothing. The contact is kept only as a keyed hash.
 */
export async function contactMessageAllowed(contact: string, trx: Knex.Transaction): Promise<boolean> {
  const key = await addressHash(trx, `contact:${contact.trim().toLowerCase()}`);
  await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [key]);
  const [row] = (await trx('contactMessages')
    .where({ contactHash: key })
    .whereRaw("sent_at > now() - interval '1 hour'")
    .count({ n: '*' })) as { n: number | string }[];
  if (Number(row?.n ?? 0) >= MESSAGES_PER_CONTACT_PER_HOUR) return false;
  await trx('contactMessages').insert({ contactHash: key });
  return true;
}
