/** The test reader of printer command streams, on streams written by hand from the references. */
import { describe, expect, it } from 'vitest';
import { decodeBrotherQl, decodeDymoLabelWriter, unpackBits } from './printerStreams';

const bytes = (...parts: (number | string | number[])[]) =>
  Uint8Array.from(
    parts.flatMap((part) =>
      typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : Array.isArray(part) ? part : [part],
    ),
  );
const row = (image: { width: number; gray: Uint8Array }, y: number) =>
  Array.from(image.gray.subarray(y * image.width, (y + 1) * image.width), (v) => (v === 0 ? 1 : 0));

describe('unpackBits', () => {
  it('expands literal runs and repeats (TIFF PackBits)', () => {
    // 2 literal bytes, then 0xAA three times, then a no-op, then 1 literal byte.
    expect(Array.from(unpackBits(Uint8Array.from([1, 0x01, 0x02, 0xfe, 0xaa, 0x80, 0, 0x03])))).toEqual([
      0x01, 0x02, 0xaa, 0xaa, 0xaa, 0x03,
    ]);
  });
});

describe('decodeBrotherQl', () => {
  it('reads raw and PackBits lines and blank lines, mirrored back, page by page', () => {
    const info = [0x46, 0x0a, 24, 0, 3, 0, 0, 0, 0, 0];
    const stream = bytes(
      new Array(200).fill(0),
      0x1b,
      '@',
      0x1b,
      'ia',
      1,
      0x1b,
      'iz',
      info,
      'M',
      0,
      'g',
      0,
      2,
      [0x80, 0x01], // dots 0 and 15 of the head: mirrored to x 15 and x 0
      'Z',
      0x0c,
      0x1b,
      'iz',
      info,
      'M',
      2,
      'g',
      0,
      2,
      [0xff, 0xf0], // PackBits: the byte 0xF0 twice
      0x1a,
    );
    const pages = decodeBrotherQl(stream, 2);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toMatchObject({ mediaType: 0x0a, mediaWidthMm: 24, rasterLines: 3 });
    expect(pages[0].image).toMatchObject({ width: 16, height: 2 });
    expect(row(pages[0].image, 0)).toEqual([1, ...new Array(14).fill(0), 1]);
    expect(row(pages[0].image, 1)).toEqual(new Array(16).fill(0));
    expect(row(pages[1].image, 0)).toEqual([0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0, 1, 1, 1, 1]);
  });

  it('refuses a command it does not know rather than guess', () => {
    expect(() => decodeBrotherQl(bytes(0x1b, 'iQ', 0), 2)).toThrow('unknown command ESC i Q at byte 0');
    expect(() => decodeBrotherQl(bytes('g', 0, 1, [0xff]), 2)).toThrow('a raster line of 1 bytes, not 2');
  });
});

describe('decodeDymoLabelWriter', () => {
  it('reads SYN and ETB lines after the dot tab, labels ended by ESC G, the last ESC E a feed', () => {
    const stream = bytes(
      new Array(20).fill(0x1b),
      0x1b,
      'L',
      [0x01, 0x2c],
      0x1b,
      'B',
      1,
      0x1b,
      'D',
      1,
      0x16,
      0xc0, // raw: dots 8 and 9 (after one byte of dot tab)
      0x17,
      [0x81, 0x05], // run-length: 2 black, 6 white
      0x1b,
      'f',
      [1, 2], // two blank lines
      0x1b,
      'G',
      0x16,
      0x01,
      0x1b,
      'G',
      0x1b,
      'E',
    );
    const labels = decodeDymoLabelWriter(stream, 2);
    expect(labels).toHaveLength(2);
    expect(labels[0].labelLengthDots).toBe(300);
    expect(labels[0].image).toMatchObject({ width: 16, height: 4 });
    expect(row(labels[0].image, 0)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0]);
    expect(row(labels[0].image, 1)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0]);
    expect(row(labels[0].image, 3)).toEqual(new Array(16).fill(0));
    expect(row(labels[1].image, 0)).toEqual([...new Array(15).fill(0), 1]);
  });
});
