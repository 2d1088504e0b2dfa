import { claimRequest } from '@homing/shared';
import { z } from 'zod';
import { codeLookup } from '../../limits';
import { presentOwnedCode } from '../../presenters/labels/qrCode';
import { route, type Deps, type RouteDef } from '../../routing';
import { availableCodesLister } from '../../services/labels/availableCodesLister';
import { codeClaimer } from '../../services/labels/codeClaimer';
import { addressKey } from '../../lib/rateLimiter';
import { scanResolver } from '../../services/labels/scanResolver';

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
        // Counted per address in every process: codes cannot be harvested.
        limits: [codeLookup],
        transaction: true,
        flatten: true,
      },
      async ({ params, ctx: http }, ctx) => scanResolver({ ...params, ip: addressKey(http.ip) }, ctx),
    ),

    route(
      {
        method: 'post',
        path: '/api/qr-codes/claim',
        access: 'user',
        body: claimRequest,
        // A claim is a look-up too (its 404s and 409s tell which codes exist).
        limits: [codeLookup],
        transaction: true,
        flatten: true,
      },
      async ({ body, ctx: http }, ctx) => {
        const { message, codes } = await codeClaimer({ ...body, ip: addressKey(http.ip) }, ctx);
        return { message, claimedCount: codes.length, codes: codes.map(presentOwnedCode) };
      },
    ),

    route(
      { method: 'get', path: '/api/qr-codes/available', access: 'user', flatten: true },
      async (_input, ctx) => ({ codes: (await availableCodesLister({}, ctx)).map(presentOwnedCode) }),
    ),
  ];
}
