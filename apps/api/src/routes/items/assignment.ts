import { codeLookup } from '../../limits';
import { assignCodeRequest, itemIdParams } from '@homing/shared';
import { presentItem } from '../../presenters/items/item';
import { presentPendingAssignment, presentPendingStatus } from '../../presenters/labels/qrCode';
import { route, type Deps, type RouteDef } from '../../routing';
import { codeAssigner } from '../../services/items/codeAssigner';
import { codeUnassigner } from '../../services/items/codeUnassigner';
import { pendingAssignmentCanceller } from '../../services/items/pendingAssignmentCanceller';
import { pendingAssignmentCompleter } from '../../services/items/pendingAssignmentCompleter';
import { pendingAssignmentCreator } from '../../services/items/pendingAssignmentCreator';
import { pendingAssignmentFinder } from '../../services/items/pendingAssignmentFinder';

const PENDING = '/api/items/:id/qr-assignment/pending';

/** Putting a label on an item: by a pending assignment and a scan, or by picking an available code. */
export function assignmentRoutes(_deps: Deps): RouteDef[] {
  return [
    route(
      { method: 'post', path: PENDING, access: 'user', params: itemIdParams, transaction: true, status: 201 },
      async ({ params }, ctx) =>
        presentPendingAssignment(await pendingAssignmentCreator({ itemId: params.id }, ctx)),
    ),

    route({ method: 'get', path: PENDING, access: 'user', params: itemIdParams }, async ({ params }, ctx) => {
      const { pending, qrCode } = await pendingAssignmentFinder({ itemId: params.id }, ctx);
      return presentPendingStatus(pending, qrCode);
    }),

    route(
      { method: 'delete', path: PENDING, access: 'user', params: itemIdParams, transaction: true },
      async ({ params }, ctx) => pendingAssignmentCanceller({ itemId: params.id }, ctx),
    ),

    // The scan page's explicit completion (the scan's GET only says `assignment_pending`); the
    // answer is a scan outcome, with its fields also at the top level like the GET's.
    route(
      {
        method: 'post',
        path: '/api/items/:id/qr-assignment/scan',
        access: 'user',
        params: itemIdParams,
        body: assignCodeRequest,
        // A completion tests a code: the same per-address look-up limit as every other door.
        limits: [codeLookup],
        transaction: true,
        flatten: true,
      },
      async ({ params, body }, ctx) =>
        pendingAssignmentCompleter({ itemId: params.id, qrCode: body.qrCode }, ctx),
    ),

    route(
      {
        method: 'post',
        path: '/api/items/:id/qr-assignment',
        access: 'user',
        params: itemIdParams,
        body: assignCodeRequest,
        limits: [codeLookup],
        transaction: true,
        flatten: true,
      },
      async ({ params, body }, ctx) => ({
        item: presentItem(await codeAssigner({ itemId: params.id, qrCode: body.qrCode }, ctx)),
      }),
    ),

    route(
      {
        method: 'delete',
        path: '/api/items/:id/qr-assignment',
        access: 'user',
        params: itemIdParams,
        transaction: true,
        flatten: true,
      },
      async ({ params }, ctx) => ({ item: presentItem(await codeUnassigner({ itemId: params.id }, ctx)) }),
    ),
  ];
}
