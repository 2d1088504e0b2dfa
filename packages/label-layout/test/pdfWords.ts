/**
 * Node-only test support: the words of a PDF with their boxes, as poppler's `pdftotext -bbox`
 * reads them (points from the page's top-left corner, like the templates).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PdfWord {
  readonly text: string;
  readonly xMin: number;
  readonly yMin: number;
  readonly xMax: number;
  readonly yMax: number;
}

const unescape = (text: string): string =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** Every page's words, in reading order. */
export function pdfWords(pdf: Uint8Array): PdfWord[][] {
  const dir = mkdtempSync(join(tmpdir(), 'homing-words-'));
  try {
    writeFileSync(join(dir, 'sheet.pdf'), pdf);
    const html = execFileSync('pdftotext', ['-bbox', join(dir, 'sheet.pdf'), '-'], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    return Array.from(html.matchAll(/<page [^>]*>([\s\S]*?)<\/page>/g), ([, page]) =>
      Array.from(
        page.matchAll(
          /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
        ),
        ([, xMin, yMin, xMax, yMax, text]) => ({
          text: unescape(text),
          xMin: Number(xMin),
          yMin: Number(yMin),
          xMax: Number(xMax),
          yMax: Number(yMax),
        }),
      ),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
