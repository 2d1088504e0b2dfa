/** Test support for item photos: a tiny image, the fields of an item made with one, a photo's key. */
import sharp from 'sharp';

export const photoItemFields = { itemTypeId: 'pets', name: 'Rex', description: 'Brown dog', omitQR: 'true' };
export type PhotoItem = { id: string; photoUrl: string | null; name: string };
/** A photo's object key: the last part of its URL. */
export const keyOf = (item: { photoUrl: string | null }) => item.photoUrl!.split('/').pop()!;
/** A 4×4 PNG. */
export const tinyPng = () =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: '#123' } })
    .png()
    .toBuffer();
