import type { Config } from '../config';
import type { Ctx } from '../ctx';
import { notFound, tooManyRequests } from '../errors';
import { publicItemFinder } from './publicItemFinder';
import { rateLimiter } from './rateLimiter';

const REPORT_WINDOW_MS = 10 * 60 * 1000;
export const TOO_MANY_REPORTS_ITEM =
  'This owner has just received several messages about this item. Please try again in a few minutes.';
export const TOO_MANY_REPORTS_ADDRESS =
  'You have sent several messages in a short time. Please try again in a few minutes.';

/**
 * Counts a finder's report against the limits per client address and per item (429 over either).
 * Runs on the pool before the report's transaction, so a count stands whatever happens next.
 */
export async function foundReportLimiter(
  props: { qrCode: string; ip: string },
  { trx, config }: Pick<Ctx, 'trx'> & { config: Config },
) {
  const found = await publicItemFinder(props, { trx });
  if (!found) throw notFound('Item not found or inactive');
  const limiter = rateLimiter(trx, { windowMs: REPORT_WINDOW_MS });
  if ((await limiter.hit(`report:ip:${props.ip}`)) > config.limits.reportsPerAddress)
    throw tooManyRequests(TOO_MANY_REPORTS_ADDRESS);
  if ((await limiter.hit(`report:item:${found.item.id}`)) > config.limits.reportsPerItem)
    throw tooManyRequests(TOO_MANY_REPORTS_ITEM);
}
