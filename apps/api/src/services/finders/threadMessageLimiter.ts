import { THREAD_MESSAGES } from '@homing/shared';
import type { Ctx } from '../../ctx';
import { tooManyRequests } from '../../errors';
import { sharedLimiter } from '../../lib/rateLimiter';

export const THREAD_WINDOW_MS = 10 * 60 * 1000;

/**
 * Counts a conversation message against the conversation's limit and its sender's (the owner's
 * account, or the finder's address across every conversation): 429 over either, shared by every
 * API process. Runs on the pool before the message's transaction; `refund` takes the counts back
 * when the message is not stored after all (a closed conversation).
 */
export async function threadMessageLimiter(
  props: { foundReportId: string; sender: string },
  { trx, limits }: Pick<Ctx, 'trx'> & { limits: { perThread: number; perSender: number } },
) {
  const byThread = sharedLimiter(trx, {
    name: 'thread:msg',
    points: limits.perThread,
    durationMs: THREAD_WINDOW_MS,
  });
  const bySender = sharedLimiter(trx, {
    name: 'thread:sender',
    points: limits.perSender,
    durationMs: THREAD_WINDOW_MS,
  });
  if (!(await byThread.hit(props.foundReportId)).allowed) throw tooManyRequests(THREAD_MESSAGES.tooMany);
  if (!(await bySender.hit(props.sender)).allowed) {
    await byThread.refund(props.foundReportId);
    throw tooManyRequests(THREAD_MESSAGES.tooMany);
  }
  return {
    refund: () => Promise.all([byThread.refund(props.foundReportId), bySender.refund(props.sender)]),
  };
}
