import { pageQuery } from '@homing/shared';
import { presentFoundEvent, presentFoundReport } from '../../presenters/finders/foundActivity';
import { presentItem } from '../../presenters/items/item';
import { route, type Deps, type RouteDef } from '../../routing';
import { dashboardLoader } from '../../services/items/dashboardLoader';
import { foundEventsPager } from '../../services/finders/foundEventsPager';
import { foundReportsPager } from '../../services/finders/foundReportsPager';

const activityQuery = pageQuery(20);

/** The dashboard and the full lists behind its View All links (/events, /reports). */
export function dashboardRoutes(_deps: Deps): RouteDef[] {
  return [
    route({ method: 'get', path: '/api/users/me/data', access: 'user' }, async (_input, ctx) => {
      const d = await dashboardLoader({}, ctx);
      return {
        items: { items: d.items.items.map(presentItem), totalCount: d.items.totalCount },
        qrCodes: d.qrCodes,
        foundEvents: d.events.events.map(presentFoundEvent),
        foundEventsCount: d.events.totalCount,
        foundReports: d.reports.reports.map(presentFoundReport),
        foundReportsCount: d.reports.totalCount,
      };
    }),

    route(
      { method: 'get', path: '/api/users/me/found-events', access: 'user', query: activityQuery },
      async ({ query }, ctx) => {
        const page = await foundEventsPager(query, ctx);
        return {
          events: page.events.map(presentFoundEvent),
          totalCount: page.totalCount,
          hasMore: page.hasMore,
        };
      },
    ),

    route(
      { method: 'get', path: '/api/users/me/found-reports', access: 'user', query: activityQuery },
      async ({ query }, ctx) => {
        const page = await foundReportsPager(query, ctx);
        return {
          reports: page.reports.map(presentFoundReport),
          totalCount: page.totalCount,
          hasMore: page.hasMore,
        };
      },
    ),
  ];
}
