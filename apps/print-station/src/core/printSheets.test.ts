import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { StationSet } from './apiClient';
import type { PipelineDeps } from './printPipeline';
import { printSheets } from './printSheets';
import { stationSheetsJobSchema } from '../shared/ipc';

const ids = ['6f1c2a5e-1111-4222-8333-000000000001', '6f1c2a5e-1111-4222-8333-000000000002'];
const codes = (n: number, seed: string) =>
  Array.from({ length: n }, (_, i) => ({ value: `${seed}${String(i).padStart(4, '0')}` }));

function world(printed: Record<string, boolean>) {
  const marked: string[][] = [];
  let pdf: Uint8Array = new Uint8Array();
  const deps: PipelineDeps = {
    api: {
      getSet: async (id) =>
        ({
          id,
          name: `Set ${id.slice(-1)}`,
          templateId: 'avery-4221',
          qrCodes: codes(id === ids[0] ? 80 : 10, id === ids[0] ? 'AAAAA' : 'BBBBB'),
          parentSetId: null,
          childCount: 0,
          isPrinted: printed[id] ?? false,
        }) as StationSet,
      getAppConfig: async () => ({ domainName: 'homing.test', brandWord: 'homing', smsNumber: null }),
      markSetsPrinted: async (setIds) => {
        marked.push([...setIds]);
        return { updatedCount: setIds.length };
      },
    },
    spooler: {
      kind: 'cups',
      printers: async () => [{ name: 'P', state: 'idle', accepting: true, isDefault: false, message: null }],
      submit: async (s) => {
        pdf = s.pdf;
        return { id: 'P-1', number: 1, printer: 'P', title: s.title };
      },
      status: async () => ({ state: 'completed', reasons: [], message: null }),
      cancel: async () => undefined,
    },
    calibration: { get: async (printer) => ({ printer, xMm: 0, yMm: 0, updatedAt: null }) },
    history: { append: async () => undefined },
    pollMs: 1,
  };
  return { deps, marked, pdf: () => pdf };
}

const job = (overrides: Record<string, unknown> = {}) =>
  stationSheetsJobSchema.parse({ kind: 'sets', setIds: ids, ...overrides });

describe('printSheets (the admin screens’ PrintPort request, sets named by id)', () => {
  it('prints each set from a new sheet in one job, then marks the unprinted ones', async () => {
    const { deps, marked, pdf } = world({ [ids[1]]: true });
    const outcome = await printSheets(deps, job({ startColumn: 3 }), 'P');
    // 80 codes from column 3 need two sheets; the second set starts a third.
    expect(outcome).toMatchObject({ pages: 3, labels: 90, marked: true, note: 'Marked the set printed' });
    expect((await PDFDocument.load(pdf())).getPageCount()).toBe(3);
    expect(marked).toEqual([[ids[0]]]);
  });

  it('marks nothing for a test print', async () => {
    const { deps, marked } = world({});
    const outcome = await printSheets(
      deps,
      stationSheetsJobSchema.parse({ kind: 'test', count: 5, domainName: 'your-domain.example' }),
      'P',
    );
    expect(outcome).toMatchObject({ marked: false, note: 'Printed; nothing to mark' });
    expect(marked).toEqual([]);
  });
});
