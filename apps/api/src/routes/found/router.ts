import { detectDeviceType, foundReportRequest, scanAnalyticsRequest } from '@homing/shared';
import { z } from 'zod';
import { codeLookup, foundReport, scans } from '../../limits';
import { presentPublicItem } from '../../presenters/finders/publicItem';
import { route, type Deps, type RouteDef } from '../../routing';
import { finderPageLoader } from '../../services/finders/finderPageLoader';
import { foundReportCreator } from '../../services/finders/foundReportCreator';
import { scanRecorder } from '../../services/finders/scanRecorder';
import { addressHash } from '../../lib/addressHash';
import { ownerEventStream } from './eventStream';

const codeParams = z.object({ qrCode: z.string().trim().min(1).max(64) });

/** Finder page data, found reports, scan analytics and live events (issue: finders). */
export function foundRoutes(deps: Deps): RouteDef[] {
  const { config, hub, worker, metrics } = deps;
  return [
    route(
      {
        method: 'get',
        path: '/api/found/:qrCode',
        access: 'public',
        params: codeParams,
        flatten: true,
        // Counted while the look-up runs (it only reads); a refusal wins over what it finds.
        limits: [codeLookup],
      },
      async ({ params }, ctx) => {
        const { item, openReportCount } = await finderPageLoader(params, ctx);
        // The owner, scanning their own label after a report, may mark it recovered (the gift).
        const owner = openReportCount === null ? {} : { viewerIsOwner: true, openReportCount };
        return { item: presentPublicItem(item), ...owner };
      },
    ),

    route(
      {
        method: 'post',
        path: '/api/found/:qrCode/report',
        access: 'public',
        params: codeParams,
        body: foundReportRequest,
        // A 404 is a look-up like any other; only reports actually stored count against the sender.
        limits: [codeLookup, foundReport],
        transaction: true,
        status: 201,
      },
      async ({ params, body, ctx: http }, ctx) => {
        const report = await foundReportCreator(
          { qrCode: params.qrCode, report: body, ip: http.ip },
          { ...ctx, config, hub, worker },
        );
        ctx.afterCommit(() => metrics.reports.inc({ held: String(report.held) }));
        // The finder's link to the conversation the report opens (shown once; only its hash is kept).
        return { reportId: report.id, threadPath: report.threadPath };
      },
    ),

    route(
      {
        method: 'post',
        path: '/api/analytics/scan',
        access: 'public',
        body: scanAnalyticsRequest,
        transaction: true,
        status: 201,
        limits: [scans],
      },
      async ({ body, ctx: http }, ctx) => {
        const userAgent = http.get('User-Agent').slice(0, 500);
        const event = await scanRecorder(
          {
            qrCode: body.qrCode,
            scannedAt: body.scannedAt ? new Date(body.scannedAt) : new Date(),
            deviceType: detectDeviceType(userAgent),
            platform: body.platform ?? null,
            language: body.language ?? null,
            timezone: body.timezone ?? null,
            connectionType: body.connectionType ?? null,
            screenSize: body.screenSize ?? null,
            referrer: body.referrer || 'direct',
            userAgent,
            deviceId: body.deviceId || null,
            sender: (await addressHash(ctx.trx, http.ip)).slice(0, 16),
            position:
              body.latitude != null && body.longitude != null
                ? { latitude: body.latitude, longitude: body.longitude }
                : null,
          },
          { ...ctx, hub, config, worker },
        );
        // A repeat was not stored.
        if (!event.repeated) ctx.afterCommit(() => metrics.countScan(event.deviceType));
        return { id: event.id, deviceType: event.deviceType, repeated: event.repeated };
      },
    ),

    ownerEventStream(deps),
  ];
}
