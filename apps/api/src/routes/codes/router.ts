import { claimRequest } from '@homing/shared';
import { z } from 'zod';
import { presentOwnedCode } from '../../presenters/qrCode';
import { route, type Deps, type RouteDef } from '../../routing';
import { availableCodesLister } from '../../services/availableCodesLister';
import { codeClaimer } from '../../services/codeClaimer';
import { scanResolver } from '../../services/scanResolver';

const codeParams = z.object({ qrCode: z.string().max(64) });

/** Scan results, claiming and available codes (issue: owners). */
export function codesRoutes(_deps: Deps): RouteDef[] {
  return [
    // Public; a signed-in viewer (bearer) may be the owner completing a pending assignment.
    route(
      {
        method: 'get',
        path: '/api/qr-code-event/:qrCode',
        access: 'public',
        params: codeParams,
        transaction: true,
        flatten: true,
      },
      async ({ params }, ctx) => scanResolver(params, ctx),
    ),

    route(
      {
        method: 'post',
        path: '/api/qr-codes/claim',
        access: 'user',
        body: claimRequest,
        transaction: true,
        flatten: true,
      },
      async ({ body }, ctx) => {
        const { message, codes } = await codeClaimer(body, ctx);
        return { message, claimedCount: codes.length, codes: codes.map(presentOwnedCode) };
      },
    ),

    route(
      { method: 'get', path: '/api/qr-codes/available', access: 'user', flatten: true },
      async (_input, ctx) => ({ codes: (await availableCodesLister({}, ctx)).map(presentOwnedCode) }),
    ),
  ];
}
