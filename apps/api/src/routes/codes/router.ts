import { claimRequest } from '@homing/shared';
import { z } from 'zod';
import { presentOwnedCode } from '../../presenters/qrCode';
import { route, type Deps, type RouteDef } from '../../routing';
import { availableCodesLister, codeClaimer } from '../../services/codeClaimer';
import { scanResolver } from '../../services/scanResolver';

const codeParams = z.object({ qrCode: z.string().max(64) });

/** Scan results, claiming and available codes (issue: owners). */
export function codesRoutes({ db }: Deps): RouteDef[] {
  return [
    // Public; a signed-in viewer (bearer) may be the owner completing a pending assignment.
    route(
      {
        method: 'get',
        path: '/api/qr-code-event/:qrCode',
        access: 'public',
        params: codeParams,
        flatten: true,
      },
      async ({ params, viewer }) => db.transaction((trx) => scanResolver(params, { trx, actor: viewer })),
    ),

    route(
      { method: 'post', path: '/api/qr-codes/claim', access: 'user', body: claimRequest, flatten: true },
      async ({ body, user }) => {
        const { message, codes } = await db.transaction((trx) => codeClaimer(body, { trx, actor: user }));
        return { message, claimedCount: codes.length, codes: codes.map(presentOwnedCode) };
      },
    ),

    route(
      { method: 'get', path: '/api/qr-codes/available', access: 'user', flatten: true },
      async ({ user }) => ({
        codes: (await availableCodesLister({}, { trx: db, actor: user })).map(presentOwnedCode),
      }),
    ),
  ];
}
