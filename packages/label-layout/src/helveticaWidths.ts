/**
 * Helvetica's advance widths (Adobe AFM, per 1000 units of font size) for what a domain name and an
 * SMS number hold: letters, digits, '.', '-', ':', '+' and the space. Callers measure
 * anything else as they see fit (a domain as a wide capital, 722; the SMS line as a full em).
 */
const LOWER: Record<string, number> = {
  a: 556,
  b: 556,
  c: 500,
  d: 556,
  e: 556,
  f: 278,
  g: 556,
  h: 556,
  i: 222,
  j: 222,
  k: 500,
  l: 222,
  m: 833,
  n: 556,
  o: 556,
  p: 556,
  q: 556,
  r: 333,
  s: 500,
  t: 278,
  u: 556,
  v: 500,
  w: 722,
  x: 500,
  y: 500,
  z: 500,
};

/** Capitals, for the code in the SMS line under the address. */
const UPPER: Record<string, number> = {
  A: 667,
  B: 667,
  C: 722,
  D: 722,
  E: 667,
  F: 611,
  G: 778,
  H: 722,
  I: 278,
  J: 500,
  K: 667,
  L: 556,
  M: 833,
  N: 722,
  O: 778,
  P: 667,
  Q: 778,
  R: 722,
  S: 667,
  T: 611,
  U: 722,
  V: 667,
  W: 944,
  X: 667,
  Y: 667,
  Z: 611,
};

export const HELVETICA_WIDTHS: Readonly<Record<string, number>> = {
  ...LOWER,
  ...UPPER,
  ...Object.fromEntries('0123456789'.split('').map((digit) => [digit, 556])),
  '.': 278,
  '-': 333,
  ':': 278,
  '+': 584,
  ' ': 278,
};
