import { detectDeviceType, foundReportRequest, scanAnalyticsRequest } from '@homing/shared';
import { z } from 'zod';
import { notFound, tooManyRequests } from '../../errors';
import { presentFoundEvent, presentFoundReport } from '../../presenters/foundActivity';
import { presentPublicItem, presentVoucher } from '../../presenters/publicItem';
import { route, type Deps, type RouteDef } from '../../routing';
import { foundReportCreator } from '../../services/foundReportCreator';
import { findActiveItemByCode } from '../../services/publicItemFinder';
import { memoryRateLimiter } from '../../services/memoryRateLimiter';
import { scanRecorder } from '../../services/scanRecorder';
import { openReports, recoveryRecorder } from '../../services/recoveryRecorder';
import { ownerEventStream } from './eventStream';

const codeParams = z.object({ qrCode: z.string().trim().min(1).max(64) });
const idParams = z.object({ id: z.uuid({ error: 'Item not found' }) });

/** Finder page data, found reports, scan analytics, live events and recovery (issue: finders). */
export function foundRoutes(deps: Deps): RouteDef[] {
  const { db: knex, config, hub, worker } = deps;
  // Gift vouchers, newest first, with the recovered item's name.
  const vouchers = () =>
    knex('giftVouchers as v')
      .join('recoveries as r', 'r.id', 'v.recoveryId')
      .join('items as i', 'i.id', 'r.itemId')
      .orderBy('v.issuedAt', 'desc')
      .select('v.id', 'v.code', 'v.issuedAt', 'v.redeemedAt', 'i.name as itemName');
  const scanLimiter = memoryRateLimiter({ windowMs: 60_000, max: config.limits.scansPerMinute });
  const recordScan = scanRecorder({ knex });
  return [
    route(
      { method: 'get', path: '/api/found/:qrCode', access: 'public', params: codeParams, flatten: true },
      async ({ params, viewer }) => {
        const found = await findActiveItemByCode(params.qrCode);
        if (!found) throw notFound('Item not found or inactive');
        const isOwner = viewer?.id === found.item.ownerId;
        // The owner, scanning their own label after a report, may mark it recovered (the gift).
        const owner = isOwner
          ? {
              viewerIsOwner: true,
              openReportCount: Number((await openReports(knex, found.item.id).count({ n: '*' }))[0]?.n ?? 0),
            }
          : {};
        return { item: presentPublicItem(found.item), ...owner };
      },
    ),

    route(
      {
        method: 'post',
        path: '/api/found/:qrCode/report',
        access: 'public',
        params: codeParams,
        body: foundReportRequest,
        status: 201,
      },
      async ({ params, body, ctx }) => {
        const { report, item, owner } = await foundReportCreator(
          { qrCode: params.qrCode, report: body, ip: ctx.ip },
          { knex, config },
        );
        worker?.wake();
        await hub
          .publish(owner.id, {
            type: 'found_report',
            // The same shape as the dashboard's saved reports: the owner's own view.
            data: presentFoundReport({ ...report, itemId: item.id, itemName: item.name }),
          })
          .catch((err: unknown) => ctx.log.warn({ err }, 'live event not published'));
        return { reportId: report.id };
      },
    ),

    route(
      {
        method: 'post',
        path: '/api/analytics/scan',
        access: 'public',
        body: scanAnalyticsRequest,
        status: 201,
      },
      async ({ body, ctx, viewer }) => {
        if (!scanLimiter.allow(ctx.ip))
          throw tooManyRequests('Too many scans from this address. Please try again in a minute.');
        const userAgent = ctx.get('User-Agent').slice(0, 500);
        const event = await recordScan({
          qrCode: body.qrCode,
          viewerId: viewer?.id ?? null,
          scannedAt: body.scannedAt ? new Date(body.scannedAt) : new Date(),
          deviceType: detectDeviceType(userAgent),
          platform: body.platform ?? null,
          language: body.language ?? null,
          timezone: body.timezone ?? null,
          connectionType: body.connectionType ?? null,
          screenSize: body.screenSize ?? null,
          referrer: body.referrer || 'direct',
          userAgent,
        });
        if (event.itemId && event.ownerId)
          await hub
            .publish(event.ownerId, {
              type: 'found_event',
              data: presentFoundEvent({
                id: event.id,
                scannedAt: event.scannedAt,
                itemId: event.itemId,
                itemName: event.itemName ?? '',
              }),
            })
            .catch((err: unknown) => ctx.log.warn({ err }, 'live event not published'));
        return { id: event.id, deviceType: event.deviceType };
      },
    ),
    route(
      { method: 'post', path: '/api/items/:id/recover', access: 'user', params: idParams, status: 201 },
      async ({ params, user }) => {
        const { recovery, voucher, item } = await recoveryRecorder(
          { itemId: params.id, ownerId: user.id },
          { knex },
        );
        return {
          recoveredAt: new Date(recovery.recoveredAt).toISOString(),
          voucher: presentVoucher({ ...voucher, itemName: item.name }),
        };
      },
    ),

    route({ method: 'get', path: '/api/users/me/vouchers', access: 'user' }, async ({ user }) => {
      const rows = await vouchers().where('v.userId', user.id);
      return { vouchers: rows.map(presentVoucher) };
    }),

    route({ method: 'get', path: '/api/admin/gift-vouchers', access: 'admin' }, async () => {
      const rows = await vouchers()
        .join('users as u', 'u.id', 'v.userId')
        .select('u.email', 'u.phoneNumber', 'u.name');
      return {
        vouchers: rows.map((r) => ({
          ...presentVoucher(r),
          owner: { name: r.name, email: r.email, phoneNumber: r.phoneNumber },
        })),
      };
    }),

    ownerEventStream(deps),
  ];
}
