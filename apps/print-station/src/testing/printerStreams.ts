/**
 * Test support: reads a label printer's own command stream (what the Debian drivers send to the
 * device, captured by a CUPS `file:` queue) back into bitmaps, one per label, so a test can read
 * the QR codes the printer would print. Only the commands the documented streams use; anything
 * else is an error, so a driver change shows up as a failing test rather than a wrong picture.
 *
 * - Brother QL raster (Brother's "QL series Raster Command Reference"; `rastertoptch` of
 *   printer-driver-ptouch): `NUL`s (invalidate), `ESC @` (initialise), `ESC i …` (mode, margins,
 *   print information), `M n` (compression: 0 none, 2 TIFF PackBits), raster lines
 *   `g 0x00 n <n bytes>` (or `G n_lo n_hi`), `Z` (a blank line), `FF` (end of a page), `SUB` (end
 *   of the last page). Lines are sent for the print head as it faces the label, so each line is
 *   mirrored back here.
 * - DYMO LabelWriter (DYMO's "LabelWriter 450 Technical Reference"; `raster2dymolw` of
 *   printer-driver-dymo): `ESC` commands with fixed arguments (`B n` dot tab, `D n` bytes per
 *   line, `L n1 n2` label length, `f 1 n` feed n blank lines, `G` short form feed (the end of a
 *   label), `E` form feed (after the last label, to the tear bar), `Q n1 n2`, `h`,
 *   `i`, `e`, `c`, `g`, `y`, `A`, `@`, `*`), then `SYN <bytes per line>` (a raw line) or `ETB`
 *   (a run-length line: each byte's top bit the colour, the low seven bits the run length - 1).
 */
import type { GrayImage } from '../../../../packages/label-layout/test/rasterDecode';

export type { GrayImage };

const ESC = 0x1b;

/** Rows of dots (true = black) into an 8-bit gray image (0 black, 255 white). */
function toImage(rows: readonly Uint8Array[], width: number): GrayImage {
  const gray = new Uint8Array(width * rows.length).fill(255);
  rows.forEach((row, y) => {
    for (let x = 0; x < width && x < row.length; x++) if (row[x]) gray[y * width + x] = 0;
  });
  return { width, height: rows.length, gray };
}

/** MSB-first bits of `bytes`, `offsetDots` white dots before them, on a line `width` dots wide. */
function bitsToDots(bytes: Uint8Array, width: number, offsetDots = 0): Uint8Array {
  const dots = new Uint8Array(width);
  for (let i = 0; i < bytes.length * 8; i++) {
    const x = offsetDots + i;
    if (x < width && bytes[i >> 3] & (0x80 >> (i & 7))) dots[x] = 1;
  }
  return dots;
}

/** TIFF PackBits, as the QL's `M 2` mode compresses each raster line. */
export function unpackBits(packed: Uint8Array): Uint8Array {
  const out: number[] = [];
  let i = 0;
  while (i < packed.length) {
    const header = (packed[i++] << 24) >> 24; // as a signed byte
    if (header >= 0) {
      for (let n = 0; n <= header; n++) out.push(packed[i++]);
    } else if (header !== -128) {
      const value = packed[i++];
      for (let n = 0; n < 1 - header; n++) out.push(value);
    }
  }
  return Uint8Array.from(out);
}

export interface BrotherQlPage {
  readonly image: GrayImage;
  /** `ESC i z`: media type (0x0A die-cut, 0x0B continuous), width and length in mm, raster lines. */
  readonly mediaType: number;
  readonly mediaWidthMm: number;
  readonly mediaLengthMm: number;
  readonly rasterLines: number;
}

/** Print head widths in bytes: QL-5xx/7xx/8xx have 720 dots (90 bytes) at 300 dpi. */
export function decodeBrotherQl(stream: Uint8Array, lineBytes = 90): BrotherQlPage[] {
  const width = lineBytes * 8;
  const pages: BrotherQlPage[] = [];
  let rows: Uint8Array[] = [];
  let compression = 0;
  let info = { mediaType: 0, mediaWidthMm: 0, mediaLengthMm: 0, rasterLines: 0 };
  const line = (bytes: Uint8Array) => {
    const data = compression === 2 ? unpackBits(bytes) : bytes;
    if (data.length !== lineBytes) throw new Error(`a raster line of ${data.length} bytes, not ${lineBytes}`);
    // The head's first dot is the label's right edge as the label comes out: mirror back.
    rows.push(bitsToDots(data, width).reverse());
  };
  const endPage = () => {
    pages.push({ image: toImage(rows, width), ...info });
    rows = [];
  };
  let i = 0;
  while (i < stream.length) {
    const byte = stream[i];
    if (byte === 0x00) {
      i++; // invalidate
    } else if (byte === ESC && stream[i + 1] === 0x40) {
      i += 2; // initialise
    } else if (byte === ESC && stream[i + 1] === 0x69) {
      const command = String.fromCharCode(stream[i + 2]);
      const args: Record<string, number> = { a: 1, z: 10, M: 1, A: 1, K: 1, d: 2, R: 1, S: 0, k: 1, c: 5 };
      if (!(command in args)) throw new Error(`unknown command ESC i ${command} at byte ${i}`);
      if (command === 'z') {
        const p = stream.subarray(i + 3, i + 13);
        info = {
          mediaType: p[1],
          mediaWidthMm: p[2],
          mediaLengthMm: p[3],
          rasterLines: p[4] | (p[5] << 8) | (p[6] << 16) | (p[7] << 24),
        };
      }
      i += 3 + args[command];
    } else if (byte === 0x4d) {
      compression = stream[i + 1];
      i += 2;
    } else if (byte === 0x67) {
      const n = stream[i + 2];
      line(stream.subarray(i + 3, i + 3 + n));
      i += 3 + n;
    } else if (byte === 0x47) {
      const n = stream[i + 1] | (stream[i + 2] << 8);
      line(stream.subarray(i + 3, i + 3 + n));
      i += 3 + n;
    } else if (byte === 0x5a) {
      rows.push(new Uint8Array(width));
      i++;
    } else if (byte === 0x0c || byte === 0x1a) {
      endPage();
      i++;
    } else {
      throw new Error(`unknown byte 0x${byte.toString(16)} at ${i} of a Brother QL stream`);
    }
  }
  if (rows.length > 0) throw new Error('the stream ends inside a page (no FF or SUB)');
  return pages;
}

export interface DymoLabel {
  readonly image: GrayImage;
  /** `ESC L`: the label's length in dots (300 per inch), as the driver set it. */
  readonly labelLengthDots: number;
}

/** LabelWriter 450: a 672-dot head (84 bytes) at 300 dpi. */
export function decodeDymoLabelWriter(stream: Uint8Array, headBytes = 84): DymoLabel[] {
  const width = headBytes * 8;
  const labels: DymoLabel[] = [];
  let rows: Uint8Array[] = [];
  let dotTab = 0;
  let bytesPerLine = headBytes;
  let labelLengthDots = 0;
  const endLabel = () => {
    labels.push({ image: toImage(rows, width), labelLengthDots });
    rows = [];
  };
  const fixedArgs: Record<string, number> = {
    B: 1,
    D: 1,
    L: 2,
    Q: 2,
    h: 0,
    i: 0,
    e: 0,
    c: 0,
    g: 0,
    y: 1,
    A: 0,
    '@': 0,
    '*': 0,
    E: 0,
    G: 0,
    f: 2,
    M: 8,
    q: 0,
    C: 1,
  };
  let i = 0;
  while (i < stream.length) {
    const byte = stream[i];
    if (byte === ESC) {
      const command = String.fromCharCode(stream[i + 1]);
      if (command === '\x1b') {
        i++; // the run of ESCs that synchronises the printer
        continue;
      }
      if (!(command in fixedArgs)) throw new Error(`unknown command ESC ${command} at byte ${i}`);
      const arg = stream.subarray(i + 2, i + 2 + fixedArgs[command]);
      if (command === 'B') dotTab = arg[0] * 8;
      else if (command === 'D') bytesPerLine = arg[0];
      else if (command === 'L') labelLengthDots = (arg[0] << 8) | arg[1];
      else if (command === 'f') for (let n = 0; n < arg[1]; n++) rows.push(new Uint8Array(width));
      // `G` ends each label; the `E` after the last one only feeds it to the tear bar.
      else if (command === 'G' || (command === 'E' && rows.length > 0)) endLabel();
      i += 2 + fixedArgs[command];
    } else if (byte === 0x16) {
      rows.push(bitsToDots(stream.subarray(i + 1, i + 1 + bytesPerLine), width, dotTab));
      i += 1 + bytesPerLine;
    } else if (byte === 0x17) {
      const dots = new Uint8Array(width);
      let x = dotTab;
      i++;
      while (x < dotTab + bytesPerLine * 8) {
        const run = (stream[i] & 0x7f) + 1;
        if (stream[i] & 0x80) dots.fill(1, x, Math.min(width, x + run));
        x += run;
        i++;
      }
      rows.push(dots);
    } else {
      throw new Error(`unknown byte 0x${byte.toString(16)} at ${i} of a LabelWriter stream`);
    }
  }
  if (rows.some((row) => row.some(Boolean))) throw new Error('the stream ends inside a label (no form feed)');
  return labels;
}

/** A gray image as a binary PGM, to look at or hand to another tool. */
export function toPgm(image: GrayImage): Buffer {
  return Buffer.concat([Buffer.from(`P5\n${image.width} ${image.height}\n255\n`), Buffer.from(image.gray)]);
}
