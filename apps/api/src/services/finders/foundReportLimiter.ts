import type { Config } from '../../config';
import type { Ctx } from '../../ctx';
import { notFound, tooManyRequests } from '../../errors';
import { reportTargetFinder } from './reportTargetFinder';
import { addressKey, sharedLimiter } from '../../lib/rateLimiter';

export const REPORT_WINDOW_MS = 10 * 60 * 1000;
export const TOO_MANY_REPORTS_ITEM =
  'You have already sent several messages about this item. Please try again in a few minutes.';
export const TOO_MANY_REPORTS_ADDRESS =
  'You have sent several messages in a short time. Please try again in a few minutes.';

/**
 * Counts a finder's report against the limits per client address and per (item, address): 429 over
 * either, so one sender's junk never blocks another finder of the same label (the item as a whole
 * has a ceiling past which reports are held for a digest, `foundReportCreator`). Each limit counts
 * and decides in one atomic statement, on the pool before the report's transaction; the returned
 * `refund` takes the counts back when the report is not stored after all.
 */
export async function foundReportLimiter(
  props: { qrCode: string; ip: string },
  { trx, config }: Pick<Ctx, 'trx'> & { config: Config },
) {
  const found = await reportTargetFinder(props, { trx });
  if (!found) throw notFound('Item not found or inactive');
  const byAddress = sharedLimiter(trx, {
    name: 'report:ip',
    points: config.limits.reportsPerAddress,
    durationMs: REPORT_WINDOW_MS,
  });
  const byItemAndAddress = sharedLimiter(trx, {
    name: 'report:item-ip',
    points: config.limits.reportsPerItem,
    durationMs: REPORT_WINDOW_MS,
  });
  const address = addressKey(props.ip);
  // A label with no item is counted as its own subject.
  const pair = `${found.item?.id ?? `label-${found.code.id}`}:${address}`;
  if (!(await byAddress.hit(address)).allowed) throw tooManyRequests(TOO_MANY_REPORTS_ADDRESS);
  if (!(await byItemAndAddress.hit(pair)).allowed) {
    await byAddress.refund(address);
    throw tooManyRequests(TOO_MANY_REPORTS_ITEM);
  }
  return {
    refund: () => Promise.all([byAddress.refund(address), byItemAndAddress.refund(pair)]),
  };
}
