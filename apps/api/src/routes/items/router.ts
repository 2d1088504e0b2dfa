import {
  createItemRequest,
  ITEM_MESSAGES,
  itemIdParams,
  myItemsQuery,
  updateItemRequest,
} from '@homing/shared';
import type { Context } from 'koa';
import { z } from 'zod';
import { notFound, validationError } from '../../errors';
import { photoUpload, uploadedPhoto } from '../../middleware/photoUpload';
import { presentItem, presentItemType } from '../../presenters/item';
import { route, type Deps, type RouteDef } from '../../routing';
import { itemCreator } from '../../services/itemCreator';
import { itemDeleter } from '../../services/itemDeleter';
import { itemsPager, itemTypeLister, ownedItemFinder } from '../../services/itemQueries';
import { itemPhotoReplacer, itemUpdater } from '../../services/itemUpdater';
import { photoProcessor } from '../../services/photoProcessor';
import { photoStoreFor, withStoredPhoto } from '../../services/photoStore';
import { assignmentRoutes } from './assignment';
import { dashboardRoutes } from './dashboard';

const photoParams = z.object({ key: z.string().max(100) });

/** Owners' items, item types, photos, pending assignments and dashboard data (issue: owners). */
export function itemsRoutes(deps: Deps): RouteDef[] {
  const { db, config } = deps;
  const photos = photoStoreFor(config);
  const upload = photoUpload();
  // The photo is checked and re-encoded before anything is stored (413 and 415 change nothing).
  const readPhoto = async (ctx: Context) => {
    const file = uploadedPhoto(ctx);
    return file ? photoProcessor(file.body) : null;
  };

  return [
    route({ method: 'get', path: '/api/item-types', access: 'public', flatten: true }, async () => ({
      itemTypes: (await itemTypeLister({}, { trx: db })).map(presentItemType),
    })),

    route(
      {
        method: 'post',
        path: '/api/items',
        access: 'user',
        before: [upload],
        body: createItemRequest,
        flatten: true,
        status: 201,
      },
      async ({ body, ctx, user }) => {
        const photo = await readPhoto(ctx);
        const item = await withStoredPhoto(photos, photo, (photoKey) =>
          db.transaction((trx) => itemCreator({ ...body, photoKey }, { trx, actor: user })),
        );
        return { item: presentItem(item) };
      },
    ),

    // Registered before /api/items/:id so that "my-items" is not taken for an id.
    route(
      { method: 'get', path: '/api/items/my-items', access: 'user', query: myItemsQuery },
      async ({ query, user }) => {
        const page = await itemsPager(query, { trx: db, actor: user });
        const itemTypes = await itemTypeLister({}, { trx: db });
        return {
          items: page.items.map(presentItem),
          itemTypes: itemTypes.map(presentItemType),
          hasMore: page.hasMore,
        };
      },
    ),

    route(
      { method: 'get', path: '/api/items/:id', access: 'user', params: itemIdParams, flatten: true },
      async ({ params, user }) => ({
        item: presentItem(await ownedItemFinder({ itemId: params.id }, { trx: db, actor: user })),
      }),
    ),

    route(
      {
        method: 'put',
        path: '/api/items/:id',
        access: 'user',
        params: itemIdParams,
        body: updateItemRequest,
        flatten: true,
      },
      async ({ params, body, user }) => {
        const { item, replacedPhotoKey } = await db.transaction((trx) =>
          itemUpdater({ ...body, itemId: params.id }, { trx, actor: user }),
        );
        if (replacedPhotoKey) await photos.delete(replacedPhotoKey);
        return { item: presentItem(item) };
      },
    ),

    route(
      { method: 'delete', path: '/api/items/:id', access: 'user', params: itemIdParams },
      async ({ params, user }) => {
        const { deletedPhotoKey } = await db.transaction((trx) =>
          itemDeleter({ itemId: params.id }, { trx, actor: user }),
        );
        if (deletedPhotoKey) await photos.delete(deletedPhotoKey);
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
        flatten: true,
      },
      async ({ params, ctx, user }) => {
        // Ownership first: nobody gets an image decoded (or learns its verdict) for another's item.
        await ownedItemFinder({ itemId: params.id }, { trx: db, actor: user });
        const photo = await readPhoto(ctx);
        if (!photo) throw validationError(ITEM_MESSAGES.photoRequired);
        const { item, replacedPhotoKey } = await withStoredPhoto(photos, photo, (photoKey) =>
          db.transaction((trx) =>
            itemPhotoReplacer({ itemId: params.id, photoKey: photoKey! }, { trx, actor: user }),
          ),
        );
        if (replacedPhotoKey) await photos.delete(replacedPhotoKey);
        return { item: presentItem(item) };
      },
    ),

    // Public: finders see the photo too. Keys are random (144 bits), so URLs cannot be guessed.
    route(
      { method: 'get', path: '/api/photos/:key', access: 'public', params: photoParams, raw: true },
      async ({ params, ctx }) => {
        const found = await photos.get(params.key);
        if (!found) throw notFound('Photo not found');
        ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
        ctx.type = found.contentType;
        ctx.body = found.body;
      },
    ),

    ...assignmentRoutes(deps),
    ...dashboardRoutes(deps),
  ];
}
