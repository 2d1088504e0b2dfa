import { Readable } from 'node:stream';
import type { Ctx } from '../../ctx';
import { tooManyRequests } from '../../errors';
import { PERSONAL_DATA } from './personalData';

export const EXPORT_IN_PROGRESS = 'Your export is still being prepared. Please wait for it to finish.';

/** Rows read per query: what one export holds in memory at a time, whatever the account's size. */
const PAGE = 500;

// Accounts with an export in progress in this process.
const exporting = new Set<string>();

/**
 * Everything the actor's account holds, one key per section of `PERSONAL_DATA`, as a stream of
 * JSON text: each section is read a page at a time and written out, so an export's memory does
 * not grow with the account (PRODUCT.md, Privacy). One at a time per account: a second while one is running
 * is refused (429) until the first ends, finished or abandoned.
 */
export function personalDataExporter(_props: object, { trx, actor }: Ctx) {
  if (exporting.has(actor.id)) throw tooManyRequests(EXPORT_IN_PROGRESS);
  exporting.add(actor.id);
  const exportedAt = new Date().toISOString();
  async function* json() {
    yield `{\n  "exportedAt": ${JSON.stringify(exportedAt)}`;
    for (const section of PERSONAL_DATA) {
      yield `,\n  ${JSON.stringify(section.name)}: [`;
      let first = true;
      for (let offset = 0; ; offset += PAGE) {
        const rows = (await section.rows(trx, actor.id).limit(PAGE).offset(offset)) as unknown[];
        if (rows.length) {
          yield (first ? '\n    ' : ',\n    ') + rows.map((row) => JSON.stringify(row)).join(',\n    ');
          first = false;
        }
        if (rows.length < PAGE) break;
      }
      yield first ? ']' : '\n  ]';
    }
    yield '\n}\n';
  }
  const stream = Readable.from(json(), { objectMode: false });
  stream.once('close', () => exporting.delete(actor.id));
  return { exportedAt, stream };
}
