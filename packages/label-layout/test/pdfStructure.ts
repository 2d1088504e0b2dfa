/** Node-only test support: what a PDF holds, read back with pdf-lib and zlib. */
import { inflateSync } from 'node:zlib';
import type { PDFPage } from 'pdf-lib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';

export async function loadPdf(bytes: Uint8Array): Promise<PDFDocument> {
  return PDFDocument.load(bytes, { updateMetadata: false });
}

/** The page's content streams, decompressed and joined. */
export function pageContent(page: PDFPage): string {
  const contents = page.node.Contents();
  const refs = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
  return refs
    .map((ref) => {
      const stream = page.doc.context.lookup(ref);
      if (!(stream instanceof PDFRawStream)) throw new Error('unexpected content stream type');
      const filter = stream.dict.get(PDFName.of('Filter'));
      return Buffer.from(filter ? inflateSync(stream.contents) : stream.contents).toString('latin1');
    })
    .join('\n');
}

/** Image XObjects anywhere in the file. */
export function imageCount(doc: PDFDocument): number {
  return doc.context.enumerateIndirectObjects().filter(([, object]) => {
    const dict =
      object instanceof PDFRawStream ? object.dict : object instanceof PDFDict ? object : undefined;
    return dict?.get(PDFName.of('Subtype')) === PDFName.of('Image');
  }).length;
}
