import { assignCodeRequest, itemIdParams } from '@homing/shared';
import { presentItem } from '../../presenters/item';
import { presentPendingAssignment, presentPendingStatus } from '../../presenters/qrCode';
import { route, type Deps, type RouteDef } from '../../routing';
import { codeAssigner, codeUnassigner } from '../../services/codeAssigner';
import {
  pendingAssignmentCanceller,
  pendingAssignmentCreator,
  pendingAssignmentFinder,
} from '../../services/pendingAssignmentCreator';

/** Putting a label on an item: by a pending assignment and a scan, or by picking an available code. */
export function assignmentRoutes({ db }: Deps): RouteDef[] {
  return [
    route(
      {
        method: 'post',
        path: '/api/items/:id/qr-assignment/pending',
        access: 'user',
        params: itemIdParams,
        status: 201,
      },
      async ({ params, user }) =>
        presentPendingAssignment(
          await db.transaction((trx) =>
            pendingAssignmentCreator({ itemId: params.id }, { trx, actor: user }),
          ),
        ),
    ),

    route(
      { method: 'get', path: '/api/items/:id/qr-assignment/pending', access: 'user', params: itemIdParams },
      async ({ params, user }) => {
        const { pending, qrCode } = await pendingAssignmentFinder(
          { itemId: params.id },
          { trx: db, actor: user },
        );
        return presentPendingStatus(pending, qrCode);
      },
    ),

    route(
      {
        method: 'delete',
        path: '/api/items/:id/qr-assignment/pending',
        access: 'user',
        params: itemIdParams,
      },
      async ({ params, user }) =>
        db.transaction((trx) => pendingAssignmentCanceller({ itemId: params.id }, { trx, actor: user })),
    ),

    route(
      {
        method: 'post',
        path: '/api/items/:id/qr-assignment',
        access: 'user',
        params: itemIdParams,
        body: assignCodeRequest,
        flatten: true,
      },
      async ({ params, body, user }) => ({
        item: presentItem(
          await db.transaction((trx) =>
            codeAssigner({ itemId: params.id, qrCode: body.qrCode }, { trx, actor: user }),
          ),
        ),
      }),
    ),

    route(
      {
        method: 'delete',
        path: '/api/items/:id/qr-assignment',
        access: 'user',
        params: itemIdParams,
        flatten: true,
      },
      async ({ params, user }) => ({
        item: presentItem(
          await db.transaction((trx) => codeUnassigner({ itemId: params.id }, { trx, actor: user })),
        ),
      }),
    ),
  ];
}
