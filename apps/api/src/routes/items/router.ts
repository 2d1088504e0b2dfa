import {
  createItemRequest,
  ITEM_MESSAGES,
  itemIdParams,
  myItemsQuery,
  updateItemRequest,
} from '@homing/shared';
import { z } from 'zod';
import { notFound, validationError } from '../../errors';
import { photoUpload } from '../../middleware/photoUpload';
import { processedPhoto } from '../../middleware/processedPhoto';
import { presentItem, presentItemType } from '../../presenters/items/item';
import { route, type Deps, type RouteDef } from '../../routing';
import { itemCreator } from '../../services/items/itemCreator';
import { itemDeleter } from '../../services/items/itemDeleter';
import { itemPhotoReplacer } from '../../services/items/itemPhotoReplacer';
import { itemsPager } from '../../services/items/itemsPager';
import { itemTypeLister } from '../../services/items/itemTypeLister';
import { photoLoader } from '../../services/items/photoLoader';
import { itemUpdater } from '../../services/items/itemUpdater';
import { ownedItemFinder } from '../../policies/ownedItemFinder';
import { photoStoreFor } from '../../storage/photoStore';
import { assignmentRoutes } from './assignment';
import { dashboardRoutes } from './dashboard';
import { lostRoutes } from './lost';
import { recoveryRoutes } from './recovery';

const photoParams = z.object({ key: z.string().max(100) });

/** Owners' items, item types, photos, pending assignments and dashboard data (issue: owners). */
export function itemsRoutes(deps: Deps): RouteDef[] {
  const photos = photoStoreFor(deps.config);
  const upload = photoUpload();

  return [
    route(
      { method: 'get', path: '/api/item-types', access: 'public', flatten: true },
      async (_input, ctx) => ({
        itemTypes: (await itemTypeLister({}, ctx)).map(presentItemType),
      }),
    ),

    route(
      {
        method: 'post',
        path: '/api/items',
        access: 'user',
        before: [upload],
        body: createItemRequest,
        // The photo is checked and re-encoded before anything is stored (413 and 415 change nothing).
        prepare: ({ ctx }) => processedPhoto(ctx),
        transaction: true,
        flatten: true,
        status: 201,
      },
      async ({ body, prepared: photo }, ctx) => ({
        item: presentItem(await itemCreator({ ...body, photo }, { ...ctx, photos })),
      }),
    ),

    // Registered before /api/items/:id so that "my-items" is not taken for an id.
    route(
      { method: 'get', path: '/api/items/my-items', access: 'user', query: myItemsQuery },
      async ({ query }, ctx) => {
        const page = await itemsPager(query, ctx);
        const itemTypes = await itemTypeLister({}, ctx);
        return {
          items: page.items.map(presentItem),
          itemTypes: itemTypes.map(presentItemType),
          hasMore: page.hasMore,
        };
      },
    ),

    route(
      { method: 'get', path: '/api/items/:id', access: 'user', params: itemIdParams, flatten: true },
      async ({ params }, ctx) => ({ item: presentItem(await ownedItemFinder({ itemId: params.id }, ctx)) }),
    ),

    route(
      {
        method: 'put',
        path: '/api/items/:id',
        access: 'user',
        params: itemIdParams,
        body: updateItemRequest,
        transaction: true,
        flatten: true,
      },
      async ({ params, body }, ctx) => ({
        item: presentItem(await itemUpdater({ ...body, itemId: params.id }, { ...ctx, worker: deps.worker })),
      }),
    ),

    route(
      { method: 'delete', path: '/api/items/:id', access: 'user', params: itemIdParams, transaction: true },
      async ({ params }, ctx) => {
        await itemDeleter({ itemId: params.id }, { ...ctx, worker: deps.worker });
        return { id: params.id, deleted: true };
      },
    ),

    route(
      {
        method: 'post',
        path: '/api/items/:id/photo',
        access: 'user',
        params: itemIdParams,
        before: [upload],
        // Decoding is the costly part, outside the transaction: another's item is 404 before any
        // photo is looked at (the replacer checks again, with the row locked).
        prepare: async ({ params, ctx: request }, ctx) => {
          await ownedItemFinder({ itemId: params.id }, ctx);
          const photo = await processedPhoto(request);
          if (!photo) throw validationError(ITEM_MESSAGES.photoRequired);
          return photo;
        },
        transaction: true,
        flatten: true,
      },
      async ({ params, prepared: photo }, ctx) => ({
        item: presentItem(
          await itemPhotoReplacer({ itemId: params.id, photo }, { ...ctx, photos, worker: deps.worker }),
        ),
      }),
    ),

    // Public: finders see the photo too. Keys are random (144 bits), so URLs cannot be guessed.
    route(
      { method: 'get', path: '/api/photos/:key', access: 'public', params: photoParams, raw: true },
      async ({ params, ctx }, context) => {
        const found = await photoLoader({ key: params.key }, { ...context, photos });
        if (!found) throw notFound('Photo not found');
        ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
        ctx.type = found.contentType;
        ctx.body = found.body;
      },
    ),

    ...assignmentRoutes(deps),
    ...dashboardRoutes(deps),
    ...recoveryRoutes(deps),
    ...lostRoutes(deps),
  ];
}
