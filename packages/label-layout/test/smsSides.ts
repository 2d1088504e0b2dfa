/**
 * Node-only test support: a round label's SMS side lines as poppler's `pdftotext -bbox` reads them
 * off a printed PDF (turned text keeps its words, each with the box it takes on the page), and
 * where those boxes fall against the label's geometry.
 */
import type { LabelContentLayout } from '../src/labelContent';
import type { SheetPoint } from '../src/units';
import { mm, mmToPt } from '../src/units';
import type { PdfWord } from './pdfWords';

export interface SideWords {
  /** The left line's words, bottom to top (the way it reads), joined by spaces. */
  readonly left: string;
  /** The right line's words, top to bottom. */
  readonly right: string;
  /** What is wrong with any word's box: in the quiet zone, near the edge, or in another line's band. */
  readonly problems: string[];
}

const EDGE_INSET = mmToPt(mm(0.5));
const TOLERANCE = 0.01; // pt, poppler's rounding

/**
 * The side words of the label centred at `centre` (points from the page's top-left): those whose
 * middle is level with the symbol (within its quiet zone's height) and beyond the symbol's edge,
 * as nothing else on a label is. Each word's box is then held to the rules: wholly outside the
 * quiet zone, every corner 0.5 mm inside the circle, within the quiet zone's height.
 */
export function sideWords(
  words: readonly PdfWord[],
  centre: SheetPoint,
  layout: LabelContentLayout,
): SideWords {
  const half = layout.qr.size / 2 + layout.qr.quietZone;
  const radius = layout.diameter / 2;
  const mine = words.filter((w) => {
    const dx = (w.xMin + w.xMax) / 2 - centre.x;
    const dy = (w.yMin + w.yMax) / 2 - centre.y;
    return Math.abs(dy) < half && Math.abs(dx) > layout.qr.size / 2 && Math.abs(dx) < radius;
  });
  const problems: string[] = [];
  for (const w of mine) {
    const [left, right] = [w.xMin - centre.x, w.xMax - centre.x];
    if (left < half - TOLERANCE && right > -half + TOLERANCE) problems.push(`"${w.text}" in the quiet zone`);
    if (w.yMin - centre.y < -half - TOLERANCE || w.yMax - centre.y > half + TOLERANCE)
      problems.push(`"${w.text}" above or below the quiet zone's side`);
    for (const x of [w.xMin, w.xMax])
      for (const y of [w.yMin, w.yMax])
        if (Math.hypot(x - centre.x, y - centre.y) > radius - EDGE_INSET + TOLERANCE)
          problems.push(`"${w.text}" within 0.5 mm of the edge`);
  }
  const side = (sign: number) => mine.filter((w) => Math.sign((w.xMin + w.xMax) / 2 - centre.x) === sign);
  return {
    left: side(-1)
      .sort((a, b) => b.yMax - a.yMax)
      .map((w) => w.text)
      .join(' '),
    right: side(1)
      .sort((a, b) => a.yMin - b.yMin)
      .map((w) => w.text)
      .join(' '),
    problems,
  };
}
