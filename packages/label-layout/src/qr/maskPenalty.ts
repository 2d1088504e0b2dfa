/**
 * ISO 18004 mask penalties N1-N4 with the `qrcode` package's weights and its 11-module
 * finder-like test, so a mask chosen here is the mask `qrcode` would choose.
 *
 * `linePenalty` and friends work on rows packed into 32-bit integers (bit c = column c): random
 * QR data makes per-module branches mispredict about half the time, and whole-row bit arithmetic
 * has none. Symbols wider than 31 modules (version 4 and up, URLs over ~60 characters) use the
 * per-module reference implementation, `maskPenalty`.
 */

export const PACKED_MAX_SIZE = 31;

/** Rows and columns of a row-major module array as bit masks (bit i = column or row i). */
export function pack(modules: Uint8Array, size: number): { rows: Int32Array; columns: Int32Array } {
  const rows = new Int32Array(size);
  const columns = new Int32Array(size);
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      const bit = modules[row * size + col];
      rows[row] |= bit << col;
      columns[col] |= bit << row;
    }
  }
  return { rows, columns };
}

export function popcount(value: number): number {
  let x = value - ((value >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** N1 for one colour: 3 + the excess for every run of 5 or more. */
function runsPenalty(bits: number): number {
  // Bit i set when modules i … i+4 all match: a run of length L leaves L - 4 such bits.
  const fives = bits & (bits >>> 1) & (bits >>> 2) & (bits >>> 3) & (bits >>> 4);
  const runs = fives & ~(fives << 1);
  return popcount(fives) + 2 * popcount(runs);
}

/** Start positions where the 11-module `pattern` occurs (bit k of the pattern at module s + k). */
function patternStarts(line: number, pattern: number, starts: number): number {
  let found = starts;
  for (let k = 0; k < 11; k++) found &= ((pattern >>> k) & 1 ? line : ~line) >>> k;
  return found;
}

/** N1 for both colours and N3 (40 per finder-like pattern) for one line. */
function linePenalty(line: number, size: number, full: number): number {
  // 1:1:3:1:1 with four light modules on one side. The two patterns mirror each other, so the
  // order the bits are packed in does not matter.
  const starts = (1 << (size - 10)) - 1;
  const finderLike =
    popcount(patternStarts(line, 0x5d0, starts)) + popcount(patternStarts(line, 0x05d, starts));
  return runsPenalty(line) + runsPenalty(~line & full) + 40 * finderLike;
}

/** Penalty of a symbol given as packed rows and packed columns. */
export function packedPenalty(rows: Int32Array, columns: Int32Array, size: number): number {
  const full = (1 << size) - 1;
  let points = 0;
  let blocks = 0;
  let dark = 0;
  for (let i = 0; i < size; i++) {
    points += linePenalty(rows[i], size, full) + linePenalty(columns[i], size, full);
    dark += popcount(rows[i]);
    if (i < size - 1) {
      const bothDark = rows[i] & rows[i + 1];
      const bothLight = ~rows[i] & ~rows[i + 1] & full;
      blocks += popcount(bothDark & (bothDark >>> 1)) + popcount(bothLight & (bothLight >>> 1));
    }
  }
  return points + 3 * blocks + darkBalancePenalty(dark, size);
}

function darkBalancePenalty(dark: number, size: number): number {
  return 10 * Math.abs(Math.ceil((dark * 100) / (size * size) / 5) - 10);
}

function runPenalty(run: number): number {
  return run >= 5 ? 3 + (run - 5) : 0;
}

/** Reference implementation on a row-major module array (1 = dark); any size. */
export function maskPenalty(modules: Uint8Array, size: number): number {
  let points = 0;
  let blocks = 0;
  let dark = 0;
  for (let a = 0; a < size; a++) {
    let rowRun = 0;
    let colRun = 0;
    let rowBits = 0;
    let colBits = 0;
    for (let b = 0; b < size; b++) {
      const inRow = modules[a * size + b];
      const inCol = modules[b * size + a];
      dark += inRow;
      if (b > 0 && inRow === modules[a * size + b - 1]) {
        rowRun++;
      } else {
        points += runPenalty(rowRun);
        rowRun = 1;
      }
      if (b > 0 && inCol === modules[(b - 1) * size + a]) {
        colRun++;
      } else {
        points += runPenalty(colRun);
        colRun = 1;
      }
      rowBits = ((rowBits << 1) & 0x7ff) | inRow;
      colBits = ((colBits << 1) & 0x7ff) | inCol;
      if (b >= 10) {
        if (rowBits === 0x5d0 || rowBits === 0x05d) points += 40;
        if (colBits === 0x5d0 || colBits === 0x05d) points += 40;
      }
      if (a < size - 1 && b < size - 1) {
        const sum =
          inRow + modules[a * size + b + 1] + modules[(a + 1) * size + b] + modules[(a + 1) * size + b + 1];
        if (sum === 0 || sum === 4) blocks++;
      }
    }
    points += runPenalty(rowRun) + runPenalty(colRun);
  }
  return points + 3 * blocks + darkBalancePenalty(dark, size);
}
