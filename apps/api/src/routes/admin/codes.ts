import { bulkCreateCodesRequest } from '@homing/shared';
import { presentBulkCode } from '../../presenters/qrCodeSet';
import { route, type Deps, type RouteDef } from '../../routing';
import { bulkCodeCreator } from '../../services/bulkCodeCreator';
import { codeAnalytics } from '../../services/codeAnalytics';

export function codeRoutes({ db }: Deps): RouteDef[] {
  return [
    route(
      {
        method: 'post',
        path: '/api/admin/qr-codes/bulk',
        access: 'admin',
        body: bulkCreateCodesRequest,
        status: 201,
      },
      async ({ body, user }) => {
        const { sets, codes } = await db.transaction((trx) => bulkCodeCreator(body, { trx, actor: user }));
        const byId = new Map(sets.map((set) => [set.id, set]));
        return {
          qrCodes: codes.map((code) => presentBulkCode(code, byId.get(code.setId)!)),
          setIds: sets.map((set) => set.id),
          setNames: sets.map((set) => set.name),
        };
      },
    ),

    route({ method: 'get', path: '/api/admin/qr-codes/analytics', access: 'admin' }, async () =>
      codeAnalytics({}, { trx: db }),
    ),
  ];
}
