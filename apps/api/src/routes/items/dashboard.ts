import { pageQuery } from '@homing/shared';
import { presentFoundEvent, presentFoundReport } from '../../presenters/foundActivity';
import { presentItem } from '../../presenters/item';
import { route, type Deps, type RouteDef } from '../../routing';
import { dashboardLoader, foundEventsPager, foundReportsPager } from '../../services/dashboardLoader';

const activityQuery = pageQuery(20);

/** The dashboard and the full lists behind its View All links (/events, /reports). */
export function dashboardRoutes({ db }: Deps): RouteDef[] {
  return [
    route({ method: 'get', path: '/api/users/me/data', access: 'user' }, async ({ user }) => {
      const d = await dashboardLoader({}, { trx: db, actor: user });
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
      async ({ query, user }) => {
        const page = await foundEventsPager(query, { trx: db, actor: user });
        return {
          events: page.events.map(presentFoundEvent),
          totalCount: page.totalCount,
          hasMore: page.hasMore,
        };
      },
    ),

    route(
      { method: 'get', path: '/api/users/me/found-reports', access: 'user', query: activityQuery },
      async ({ query, user }) => {
        const page = await foundReportsPager(query, { trx: db, actor: user });
        return {
          reports: page.reports.map(presentFoundReport),
          totalCount: page.totalCount,
          hasMore: page.hasMore,
        };
      },
    ),
  ];
}
