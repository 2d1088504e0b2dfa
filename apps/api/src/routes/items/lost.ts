import { itemIdParams, LOST_MESSAGES, markLostRequest } from '@homing/shared';
import { presentItem } from '../../presenters/items/item';
import { route, type Deps, type RouteDef } from '../../routing';
import { lostModeSetter } from '../../services/items/lostModeSetter';

/** Lost mode on an item (PRODUCT.md, Lost mode): the owner only; another owner's item is 404. */
export function lostRoutes(_deps: Deps): RouteDef[] {
  return [
    route(
      {
        method: 'put',
        path: '/api/items/:id/lost',
        access: 'user',
        params: itemIdParams,
        body: markLostRequest,
        transaction: true,
        flatten: true,
      },
      async ({ params, body }, ctx) => ({
        message: LOST_MESSAGES.marked,
        item: presentItem(await lostModeSetter({ itemId: params.id, lost: body }, ctx)),
      }),
    ),

    route(
      {
        method: 'delete',
        path: '/api/items/:id/lost',
        access: 'user',
        params: itemIdParams,
        transaction: true,
        flatten: true,
      },
      async ({ params }, ctx) => ({
        message: LOST_MESSAGES.ended,
        item: presentItem(await lostModeSetter({ itemId: params.id, lost: null }, ctx)),
      }),
    ),
  ];
}
