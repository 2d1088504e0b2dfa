import type { PDFDocument, PDFPage } from 'pdf-lib';

/**
 * Page content written as PDF operators directly. pdf-lib's drawing calls build an object per
 * operator and per number (a QR symbol is ~1,500 numbers): 800 labels took over a second that way,
 * against ~100 ms for the whole document as text.
 */

/** A number in content-stream syntax: at most 3 decimals (1/1000 pt), never an exponent. */
export function num(value: number): string {
  const rounded = Math.round(value * 1000) / 1000;
  return rounded === 0 ? '0' : String(rounded);
}

/** Deflates with the platform's zlib (Node and browsers both have CompressionStream). */
export async function deflate(text: string): Promise<Uint8Array> {
  const compressed = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate'));
  return new Uint8Array(await new Response(compressed).arrayBuffer());
}

/** Adds `operators` to the page as one more FlateDecode content stream. */
export async function appendContent(doc: PDFDocument, page: PDFPage, operators: string): Promise<void> {
  const stream = doc.context.stream(await deflate(operators), { Filter: 'FlateDecode' });
  page.node.addContentStream(doc.context.register(stream));
}
