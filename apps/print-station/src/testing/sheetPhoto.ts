/**
 * Test support: a printed sheet as a camera sees it. The page CUPS wrote, rasterised; defects
 * planted in it (`paste`: a cell blanked, a label copied over another, a label moved); then
 * photographed (`photo`: rolled on the table, blurred, saved as JPEG).
 */
import sharp from 'sharp';
import type { GrayImage } from '../../../../packages/label-layout/test/rasterDecode';

/** Copies the square of side `size` around `from` onto `to` (null: whitens `from`). */
export function paste(
  image: GrayImage,
  from: { x: number; y: number },
  to: { x: number; y: number } | null,
  size: number,
) {
  const half = Math.round(size / 2);
  const copy: number[] = [];
  for (let row = -half; row < half; row++)
    for (let col = -half; col < half; col++)
      copy.push(image.gray[(from.y + row) * image.width + from.x + col]);
  if (!to || (to.x !== from.x && Math.abs(to.x - from.x) < 2 * half))
    for (let row = -half; row < half; row++)
      for (let col = -half; col < half; col++) image.gray[(from.y + row) * image.width + from.x + col] = 255;
  if (!to) return;
  let i = 0;
  for (let row = -half; row < half; row++)
    for (let col = -half; col < half; col++) image.gray[(to.y + row) * image.width + to.x + col] = copy[i++];
}

/**
 * A photo of the page lying on a table: rolled `degrees` (white around it), blurred (Gaussian
 * sigma `blur` px) and saved as JPEG of `quality`.
 */
export async function photo(
  page: GrayImage,
  { degrees, blur, quality }: { degrees: number; blur: number; quality: number },
): Promise<Buffer> {
  const raw = { width: page.width, height: page.height, channels: 1 as const };
  // sharp rotates first, then blurs, whatever the order of the calls.
  return sharp(Buffer.from(page.gray), { raw })
    .rotate(degrees, { background: '#ffffff' })
    .blur(blur)
    .jpeg({ quality })
    .toBuffer();
}
