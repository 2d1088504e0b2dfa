/**
 * Helvetica's advance widths (Adobe AFM, per 1000 units of font size) for what a domain name holds:
 * lower-case letters, digits, '.', '-', ':'. Anything else is measured as the widest capital (722).
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

export const HELVETICA_WIDTHS: Readonly<Record<string, number>> = {
  ...LOWER,
  ...Object.fromEntries('0123456789'.split('').map((digit) => [digit, 556])),
  '.': 278,
  '-': 333,
  ':': 278,
};
