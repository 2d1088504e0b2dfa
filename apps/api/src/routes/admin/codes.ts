import { bulkCreateCodesRequest } from '@homing/shared';
import { presentBulkCode } from '../../presenters/labels/qrCodeSet';
import { route, type Deps, type RouteDef } from '../../routing';
import { bulkCodeCreator } from '../../services/labels/bulkCodeCreator';
import { codeAnalytics } from '../../services/labels/codeAnalytics';

export function codeRoutes(_deps: Deps): RouteDef[] {
  return [
    route(
      {
        method: 'post',
        path: '/api/admin/qr-codes/bulk',
        access: 'admin',
        body: bulkCreateCodesRequest,
        transaction: true,
        status: 201,
      },
      async ({ body }, ctx) => {
        const { sets, codes } = await bulkCodeCreator(body, ctx);
        const byId = new Map(sets.map((set) => [set.id, set]));
        return {
          qrCodes: codes.map((code) => presentBulkCode(code, byId.get(code.setId)!)),
          setIds: sets.map((set) => set.id),
          setNames: sets.map((set) => set.name),
        };
      },
    ),

    route({ method: 'get', path: '/api/admin/qr-codes/analytics', access: 'admin' }, async (_input, ctx) =>
      codeAnalytics({}, ctx),
    ),
  ];
}
