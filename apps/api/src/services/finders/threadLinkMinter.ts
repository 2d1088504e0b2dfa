import crypto from 'node:crypto';
import type { TrxCtx } from '../../ctx';

/** A link token as stored: its SHA-256 only, so the table alone opens no conversation. */
export const threadTokenHash = (token: string) =>
  crypto.createHash('sha256').update(`homing-thread:${token}`).digest('hex');

/** `{publicUrl}/found/{code}/t/{token}`: the finder's page of one conversation. */
export const threadUrl = (publicUrl: string, code: string, token: string) =>
  `${publicUrl}/found/${encodeURIComponent(code)}/t/${token}`;

/**
 * Mints a finder's link to a conversation: 256 random bits (43 base64url characters), of which
 * only the hash is kept. Returns the token, to be shown once and written into the finder's message.
 */
export async function threadLinkMinter(
  props: {
    foundReportId: string;
    /** Following it confirms the finder's contact on this channel (the link in that message). */
    confirmsContact?: 'email' | 'sms';
  },
  { trx }: Pick<TrxCtx, 'trx'>,
) {
  const token = crypto.randomBytes(32).toString('base64url');
  await trx('threadLinks').insert({
    tokenHash: threadTokenHash(token),
    foundReportId: props.foundReportId,
    ...(props.confirmsContact ? { confirmsContact: props.confirmsContact } : {}),
  });
  return token;
}
