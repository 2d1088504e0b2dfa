import { THREAD_MESSAGES } from '@homing/shared';
import type { Ctx } from '../../ctx';
import { notFound } from '../../errors';
import { threadTokenHash } from './threadLinkMinter';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The conversation a finder's token opens, or 404: a malformed, wrong or revoked token answers
 * exactly as an unknown one does (the look-up is rate-limited per address by the route).
 */
export async function finderThreadFinder(props: { token: string }, { trx }: Pick<Ctx, 'trx'>) {
  const row: { foundReportId: string } | undefined = TOKEN.test(props.token)
    ? await trx('threadLinks')
        .where({ tokenHash: threadTokenHash(props.token) })
        .first('foundReportId')
    : undefined;
  if (!row) throw notFound(THREAD_MESSAGES.notFound);
  return { foundReportId: row.foundReportId };
}
