/**
 * Node-only test support: reads QR symbols with ZBar (`zbarimg`, zbar-tools), a second decoder
 * beside zxing-wasm. ZBar misses most symbols of a whole 80-label page, so each label is cut out
 * of the raster and read on its own, all in one zbarimg run.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GrayImage } from './rasterDecode';

export const hasZbarimg = spawnSync('zbarimg', ['--version']).error === undefined;

export interface Window {
  readonly left: number;
  readonly top: number;
  readonly size: number;
}

function pgm(image: GrayImage, { left, top, size }: Window): Buffer {
  const [x0, y0] = [Math.max(0, Math.round(left)), Math.max(0, Math.round(top))];
  const w = Math.min(image.width - x0, Math.round(size));
  const h = Math.min(image.height - y0, Math.round(size));
  const pixels = Buffer.alloc(w * h);
  for (let y = 0; y < h; y++)
    pixels.set(image.gray.subarray((y0 + y) * image.width + x0, (y0 + y) * image.width + x0 + w), y * w);
  return Buffer.concat([Buffer.from(`P5\n${w} ${h}\n255\n`), pixels]);
}

/** The text of the one QR symbol ZBar reads in each window (null where it reads none). */
export function zbarReadWindows(image: GrayImage, windows: readonly Window[]): (string | null)[] {
  const dir = mkdtempSync(join(tmpdir(), 'homing-zbar-'));
  try {
    const files = windows.map((window, i) => {
      const file = join(dir, `label-${i}.pgm`);
      writeFileSync(file, pgm(image, window));
      return file;
    });
    const result = spawnSync('zbarimg', ['--xml', '-q', '-Sdisable', '-Sqrcode.enable', ...files], {
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    });
    // Exit status 4 means "no symbol in some image"; the XML still lists every other one.
    if (result.status !== 0 && result.status !== 4) throw new Error(`zbarimg failed: ${result.stderr}`);
    const found = new Map<string, string>();
    for (const [, href, body] of result.stdout.matchAll(/<source href='([^']+)'>([\s\S]*?)<\/source>/g)) {
      const data = /<data(?: format='[^']*')?><!\[CDATA\[([\s\S]*?)\]\]><\/data>/.exec(body)?.[1];
      if (data !== undefined) found.set(href, data);
    }
    return files.map((file) => found.get(file) ?? null);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** zbarimg's version, to show in a failure. */
export const zbarVersion = (): string => execFileSync('zbarimg', ['--version'], { encoding: 'utf8' }).trim();
