import type { z } from 'zod';
import type { foundReportRequest } from '@homing/shared';
import type { Knex } from 'knex';
import type { Config } from '../config';
import { notFound, tooManyRequests } from '../errors';
import { FoundReport } from '../models/FoundReport';
import { User } from '../models/User';
import { foundReportEmail, foundReportSms } from '../notifications/messages';
import { findActiveItemByCode } from './publicItemFinder';
import { rateLimiter } from './rateLimiter';

const REPORT_WINDOW_MS = 10 * 60 * 1000;
export const TOO_MANY_REPORTS_ITEM =
  'This owner has just received several messages about this item. Please try again in a few minutes.';
export const TOO_MANY_REPORTS_ADDRESS =
  'You have sent several messages in a short time. Please try again in a few minutes.';

/**
 * Stores a finder's report and, in the same transaction, the owner's notifications (the outbox),
 * so the report and its deliveries stand or fall together.
 */
export async function foundReportCreator(
  props: { qrCode: string; report: z.output<typeof foundReportRequest>; ip: string },
  { knex, config }: { knex: Knex; config: Config },
) {
  const found = await findActiveItemByCode(props.qrCode);
  if (!found) throw notFound('Item not found or inactive');
  const { item, code } = found;
  const owner = await User.query().findById(item.ownerId);
  if (!owner) throw notFound('Item not found or inactive');

  const limiter = rateLimiter(knex, { windowMs: REPORT_WINDOW_MS });
  if ((await limiter.hit(`report:ip:${props.ip}`)) > config.limits.reportsPerAddress)
    throw tooManyRequests(TOO_MANY_REPORTS_ADDRESS);
  if ((await limiter.hit(`report:item:${item.id}`)) > config.limits.reportsPerItem)
    throw tooManyRequests(TOO_MANY_REPORTS_ITEM);

  const r = props.report;
  return knex.transaction(async (trx) => {
    const report = await FoundReport.query(trx).insertAndFetch({
      itemId: item.id,
      qrCodeId: code.id,
      finderName: r.finderName,
      finderEmail: r.finderEmail,
      finderPhone: r.finderPhone,
      message: r.foundNotes,
      latitude: r.latitude ?? null,
      longitude: r.longitude ?? null,
      address: r.address ?? null,
      foundAt: r.foundAt ? new Date(r.foundAt) : new Date(),
      reportMetadata: r.reportMetadata ?? null,
    });
    const ctx = { itemName: item.name, publicUrl: config.publicUrl, brandName: config.brand.name };
    const jobs = [];
    if (owner.email)
      jobs.push({ channel: 'email', payload: { to: owner.email, ...foundReportEmail(report, ctx) } });
    if (owner.phoneNumber && owner.smsOptIn)
      jobs.push({ channel: 'sms', payload: { to: owner.phoneNumber, text: foundReportSms(report, ctx) } });
    if (jobs.length)
      await trx('notifications').insert(
        jobs.map((j) => ({
          ...j,
          userId: owner.id,
          foundReportId: report.id,
          idempotencyKey: `report-${report.id}-${j.channel}`,
          payload: JSON.stringify(j.payload),
        })),
      );
    return { report, item, owner };
  });
}
