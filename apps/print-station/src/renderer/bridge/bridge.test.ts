import { describe, expect, it } from 'vitest';
import { printSheetsResult, type PrintMark } from '@homing/shared';
import type { ApiRequest, PrintSheetsInput } from '../../shared/bridge';
import { bridgeApiClient } from './bridgeApiClient';
import { stationPrintPort } from './stationPrintPort';

describe('bridgeApiClient', () => {
  it('routes the web client’s calls through the bridge, without a token, and signs out on 401', async () => {
    const sent: ApiRequest[] = [];
    let signedOut = false;
    const client = bridgeApiClient(
      {
        api: async (request) => {
          sent.push(request);
          return request.path === '/api/auth/me'
            ? { status: 401, body: '{"success":false,"data":null,"error":"Unauthorized"}' }
            : { status: 200, body: '{"success":true,"data":{"updatedCount":1},"error":null}' };
        },
      },
      () => (signedOut = true),
    );
    expect(await client.post('/api/admin/qr-sets/mark-sets-printed', { setIds: ['s'] })).toMatchObject({
      success: true,
      data: { updatedCount: 1 },
    });
    expect(sent).toEqual([
      { method: 'POST', path: '/api/admin/qr-sets/mark-sets-printed', body: { setIds: ['s'] } },
    ]);
    expect(await client.get('/api/auth/me')).toMatchObject({
      success: false,
      error: 'Unauthorized',
      status: 401,
    });
    expect(signedOut).toBe(true);
  });
});

const SET_ID = '6f1c2a5e-1111-4222-8333-000000000001';

describe('stationPrintPort', () => {
  const request = {
    title: 'Set 1',
    templateId: 'avery-4221',
    domainName: 'homing.test',
    brandWord: 'homing',
    sets: [{ setId: SET_ID, setName: 'Set 1', codes: [{ value: 'K7M2P9QX4T' }] }],
  };

  it('sends the sets by id (never codes or a domain), from the station’s start, and reports all pages once done', async () => {
    const sent: PrintSheetsInput[] = [];
    const port = stationPrintPort(
      { printSheets: async (input) => (sent.push(input), { jobId: 'P-1', mark: null } as never) },
      () => ({ printer: 'HomingPDF', startColumn: 3, startRow: 4 }),
      () => undefined,
    );
    expect(port.kind).toBe('station');
    expect(await port.printSheets(request)).toEqual({ printedPages: 'all', mark: null });
    expect(sent[0]).toEqual({
      printer: 'HomingPDF',
      job: { kind: 'sets', setIds: [SET_ID], startColumn: 3, startRow: 4 },
    });
    await port.printSheets({ ...request, startColumn: 2 });
    expect(sent[1].job).toMatchObject({ startColumn: 2, startRow: 4 });
    // The test page: a count of made-up codes, the domain the admin typed; it marks nothing.
    await port.printSheets({
      ...request,
      domainName: 'your-domain.example',
      confirmPages: false,
      sets: [{ setId: null, setName: 'Test Print', codes: [{ value: 'TEST0001' }, { value: 'TEST0002' }] }],
    });
    expect(sent[2].job).toEqual({
      kind: 'test',
      count: 2,
      templateId: 'avery-4221',
      startColumn: 3,
      startRow: 4,
      domainName: 'your-domain.example',
    });
  });

  it('rejects with the reason, and tells the station, when nothing could be printed', async () => {
    const failures: string[] = [];
    const stopped = stationPrintPort(
      {
        printSheets: async () => {
          throw new Error('Printer HomingPDF is stopped (Paused)');
        },
      },
      () => ({ printer: 'HomingPDF', startColumn: 1, startRow: 1 }),
      (message) => failures.push(message),
    );
    await expect(stopped.printSheets(request)).rejects.toThrow('Printer HomingPDF is stopped (Paused)');
    const none = stationPrintPort(
      { printSheets: async () => ({}) as never },
      () => ({ printer: null, startColumn: 1, startRow: 1 }),
      (m) => failures.push(m),
    );
    await expect(none.printSheets(request)).rejects.toThrow('Choose a printer first');
    expect(failures).toEqual(['Printer HomingPDF is stopped (Paused)', 'Choose a printer first (Printer)']);
  });
});

describe('stationPrintPort returns main’s mark (the screens call no API to mark)', () => {
  const request = {
    title: 'Set 1',
    templateId: 'avery-4221',
    domainName: 'homing.test',
    brandWord: 'homing',
    sets: [
      { setId: '3f0c1f8e-8a3b-4d5e-9f00-000000000001', setName: 'Set 1', codes: [{ value: 'K7M2P9QX4T' }] },
    ],
  };
  const outcome = (mark: PrintMark | null) =>
    ({
      jobId: 'P-1',
      printer: 'P',
      title: 't',
      pages: 1,
      labels: 1,
      marked: true,
      markPending: false,
      note: 'n',
      mark,
    }) as const;
  const portFor = (mark: PrintMark | null) =>
    stationPrintPort(
      { printSheets: async () => outcome(mark) },
      () => ({ printer: 'HomingPDF', startColumn: 1, startRow: 1 }),
      () => undefined,
    );

  it('returns the sets main marked, with the server’s count, and a pending mark with its note', async () => {
    const setIds = [request.sets[0].setId];
    const marked = { status: 'marked', setIds, updatedCount: 1 } as const;
    expect(await portFor(marked).printSheets(request)).toEqual({ printedPages: 'all', mark: marked });
    const pending = {
      status: 'pending',
      setIds,
      message: 'Printed; marking the set printed is pending',
    } as const;
    expect(await portFor(pending).printSheets(request)).toEqual({ printedPages: 'all', mark: pending });
    // Every outcome is a mark the shared schema accepts.
    for (const mark of [marked, pending, null])
      expect(printSheetsResult.parse(await portFor(mark).printSheets(request))).toEqual({
        printedPages: 'all',
        mark,
      });
  });
});
