/**
 * Where the page's points are in a scan or photo of it. A flat scan of the whole page is a scale
 * (its width in pixels over the page's); a photo taken at a slight angle is a perspective
 * (keystone): then a homography is fitted to the symbols the decoder read, each at the centre of
 * the label its code was printed on, dropping those far from the fit (a shifted or duplicated
 * label), so one misplaced label cannot bend the others.
 */

export interface Point {
  readonly x: number;
  readonly y: number;
}

export interface SheetMapping {
  /** Page point (pt, from the top left) → image pixel. */
  readonly toImage: (point: Point) => Point;
  /** Image pixel → page point (pt). */
  readonly toPage: (point: Point) => Point;
  /** True when fitted to the symbols (an angled photo): offsets are then against the other labels. */
  readonly perspective: boolean;
}

type Matrix3 = readonly [number, number, number, number, number, number, number, number, number];

const apply = (h: Matrix3, { x, y }: Point): Point => {
  const w = h[6] * x + h[7] * y + h[8];
  return { x: (h[0] * x + h[1] * y + h[2]) / w, y: (h[3] * x + h[4] * y + h[5]) / w };
};

function invert(h: Matrix3): Matrix3 {
  const [a, b, c, d, e, f, g, k, l] = h;
  const A = e * l - f * k;
  const B = -(d * l - f * g);
  const C = d * k - e * g;
  const det = a * A + b * B + c * C;
  return [
    A / det,
    -(b * l - c * k) / det,
    (b * f - c * e) / det,
    B / det,
    (a * l - c * g) / det,
    -(a * f - c * d) / det,
    C / det,
    -(a * k - b * g) / det,
    (a * e - b * d) / det,
  ];
}

/** Least squares homography (h33 = 1) from page points to image points; null if degenerate. */
function fitHomography(pairs: readonly { page: Point; image: Point }[]): Matrix3 | null {
  if (pairs.length < 4) return null;
  // Normalise the page points, for a well-conditioned system.
  const mx = pairs.reduce((s, p) => s + p.page.x, 0) / pairs.length;
  const my = pairs.reduce((s, p) => s + p.page.y, 0) / pairs.length;
  const ix = pairs.reduce((s, p) => s + p.image.x, 0) / pairs.length;
  const iy = pairs.reduce((s, p) => s + p.image.y, 0) / pairs.length;
  const ps = pairs.reduce((s, p) => s + Math.hypot(p.page.x - mx, p.page.y - my), 0) / pairs.length || 1;
  const is = pairs.reduce((s, p) => s + Math.hypot(p.image.x - ix, p.image.y - iy), 0) / pairs.length || 1;
  const ata = Array.from({ length: 8 }, () => new Array<number>(9).fill(0));
  const add = (row: number[], rhs: number) => {
    for (let i = 0; i < 8; i++) {
      for (let j = 0; j < 8; j++) ata[i][j] += row[i] * row[j];
      ata[i][8] += row[i] * rhs;
    }
  };
  for (const { page, image } of pairs) {
    const [x, y] = [(page.x - mx) / ps, (page.y - my) / ps];
    const [u, v] = [(image.x - ix) / is, (image.y - iy) / is];
    add([x, y, 1, 0, 0, 0, -u * x, -u * y], u);
    add([0, 0, 0, x, y, 1, -v * x, -v * y], v);
  }
  // Gaussian elimination with partial pivoting.
  for (let col = 0; col < 8; col++) {
    let pivot = col;
    for (let r = col + 1; r < 8; r++) if (Math.abs(ata[r][col]) > Math.abs(ata[pivot][col])) pivot = r;
    if (Math.abs(ata[pivot][col]) < 1e-12) return null;
    [ata[col], ata[pivot]] = [ata[pivot], ata[col]];
    for (let r = 0; r < 8; r++) {
      if (r === col) continue;
      const factor = ata[r][col] / ata[col][col];
      for (let c = col; c < 9; c++) ata[r][c] -= factor * ata[col][c];
    }
  }
  const n = ata.map((row, i) => row[8] / row[i]);
  // Undo the normalisation: H = Timage⁻¹ · Hn · Tpage.
  const hn: Matrix3 = [n[0], n[1], n[2], n[3], n[4], n[5], n[6], n[7], 1];
  const tPage: Matrix3 = [1 / ps, 0, -mx / ps, 0, 1 / ps, -my / ps, 0, 0, 1];
  const tImageInv: Matrix3 = [is, 0, ix, 0, is, iy, 0, 0, 1];
  return multiply(tImageInv, multiply(hn, tPage));
}

function multiply(a: Matrix3, b: Matrix3): Matrix3 {
  const out = new Array<number>(9);
  for (let r = 0; r < 3; r++)
    for (let c = 0; c < 3; c++)
      out[r * 3 + c] = a[r * 3] * b[c] + a[r * 3 + 1] * b[3 + c] + a[r * 3 + 2] * b[6 + c];
  return out as unknown as Matrix3;
}

/**
 * The mapping for a scan: the plain scale when the symbols read sit where it puts their labels
 * (median miss under `flatTolerancePt`), else a homography fitted to them, refitted twice without
 * the pairs more than `outlierPt` off (a label shifted on the paper, a code printed twice).
 */
export function sheetMapping(
  pageWidthPt: number,
  imageWidth: number,
  pairs: readonly { page: Point; image: Point }[],
  { flatTolerancePt = 1.5, outlierPt = 2 }: { flatTolerancePt?: number; outlierPt?: number } = {},
): SheetMapping {
  const scale = imageWidth / pageWidthPt;
  const flat: SheetMapping = {
    toImage: ({ x, y }) => ({ x: x * scale, y: y * scale }),
    toPage: ({ x, y }) => ({ x: x / scale, y: y / scale }),
    perspective: false,
  };
  // A printer's own offset moves every label alike: measured against the median offset, so a flat
  // scan of an offset sheet stays flat (and its offset goes to the calibration).
  const middle = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;
  const dx = middle(pairs.map(({ page, image }) => image.x / scale - page.x));
  const dy = middle(pairs.map(({ page, image }) => image.y / scale - page.y));
  const misses = pairs
    .map(({ page, image }) => Math.hypot(image.x / scale - page.x - dx, image.y / scale - page.y - dy))
    .sort((a, b) => a - b);
  if (misses.length < 8 || misses[misses.length >> 1] < flatTolerancePt) return flat;
  let kept = pairs;
  let h = fitHomography(kept);
  for (let round = 0; round < 3 && h; round++) {
    const inverse = invert(h);
    const next = kept.filter(({ page, image }) => {
      const back = apply(inverse, image);
      return Math.hypot(back.x - page.x, back.y - page.y) <= outlierPt;
    });
    if (next.length === kept.length || next.length < 8) break;
    kept = next;
    h = fitHomography(kept);
  }
  if (!h) return flat;
  const forward = h;
  const inverse = invert(h);
  return {
    toImage: (point) => apply(forward, point),
    toPage: (point) => apply(inverse, point),
    perspective: true,
  };
}
