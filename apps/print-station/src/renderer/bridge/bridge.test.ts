import { describe, expect, it } from 'vitest';
import type { ApiRequest, PrintSheetsInput } from '../../shared/bridge';
import { bridgeApiClient } from './bridgeApiClient';
import { stationAdminApi } from './stationAdminApi';
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

describe('stationPrintPort', () => {
  const request = {
    title: 'Set 1',
    templateId: 'avery-4221',
    domainName: 'homing.test',
    brandWord: 'homing',
    sets: [{ setId: null, setName: 'Set 1', codes: [{ value: 'K7M2P9QX4T' }] }],
  };

  it('prints on the chosen printer from the station’s start, and reports all pages once done', async () => {
    const sent: PrintSheetsInput[] = [];
    const port = stationPrintPort(
      { printSheets: async (input) => (sent.push(input), { jobId: 'P-1' } as never) },
      () => ({ printer: 'HomingPDF', startColumn: 3, startRow: 4 }),
      () => undefined,
    );
    expect(port.kind).toBe('station');
    expect(await port.printSheets(request)).toEqual({ printedPages: 'all' });
    expect(sent[0]).toEqual({ printer: 'HomingPDF', request: { ...request, startColumn: 3, startRow: 4 } });
    await port.printSheets({ ...request, startColumn: 2 });
    expect(sent[1].request).toMatchObject({ startColumn: 2, startRow: 4 });
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

describe('stationAdminApi (main is the one that marks)', () => {
  const outcome = (marked: boolean, markPending = false) =>
    ({
      jobId: 'P-1',
      printer: 'P',
      title: 't',
      pages: 1,
      labels: 80,
      marked,
      markPending,
      note: 'n',
    }) as const;

  function setup() {
    const sent: string[][] = [];
    const base = {
      markPrinted: async (setIds: string[]) => {
        sent.push(setIds);
        return { success: true as const, data: { updatedCount: setIds.length }, error: null, status: 200 };
      },
    } as never;
    return { sent, ...stationAdminApi(base) };
  }

  it('answers the screens’ mark from main’s outcome, without a second call to the API', async () => {
    const { admin, recordPrinted, sent } = setup();
    recordPrinted(['s1', 's2'], outcome(true));
    expect(await admin.markPrinted(['s1', 's2'])).toMatchObject({ success: true, data: { updatedCount: 2 } });
    expect(sent).toEqual([]);
    // Each outcome answers once; a later mark of the same set (not printed here) goes to the API.
    await admin.markPrinted(['s1']);
    expect(sent).toEqual([['s1']]);
  });

  it('tells the screen when main’s mark is still pending', async () => {
    const { admin, recordPrinted, sent } = setup();
    recordPrinted(['s1'], { ...outcome(false, true), note: 'Printed; marking the set printed is pending' });
    expect(await admin.markPrinted(['s1'])).toMatchObject({
      success: false,
      error: 'Printed; marking the set printed is pending',
    });
    expect(sent).toEqual([]);
  });
});
