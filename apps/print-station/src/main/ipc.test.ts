import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IpcMainInvokeEvent } from 'electron';
import { avery4221, labelCentre } from '@homing/label-layout';
import { renderLabelSheetsPdf } from '@homing/label-layout/pdf';
import { describe, expect, it } from 'vitest';
import { skipWithout } from '../../../../packages/label-layout/test/ciTools';
import { hasPdftoppm, rasterise } from '../../../../packages/label-layout/test/rasterDecode';
import { sampleCodes } from '../../../../packages/label-layout/test/sampleCodes';
import type { StationApi } from '../core/apiClient';
import { readTextIfExists, writeFileAtomic } from '../core/jsonFile';
import { readBackSet, ReprintQueue } from '../core/reprintQueue';
import { NOT_THIS_SHEET } from '../core/scanDecode';
import { readScan } from '../core/scanReader';
import type { Station } from '../core/station';
import type { IpcResult, ReadBackResult, ReprintResult } from '../shared/bridge';
import { CHANNELS } from '../shared/bridge';
import { ONLY_WHAT_THE_SERVER_SAYS } from '../shared/ipc';
import type { IpcDeps } from './ipc';
import { registerIpc } from './ipc';

const SET = '6f1c2a5e-1111-4222-8333-944455556666';
const TRUSTED = { senderFrame: { url: 'app' } } as unknown as IpcMainInvokeEvent;
const FOREIGN = { senderFrame: { url: 'evil' } } as unknown as IpcMainInvokeEvent;

function setup(station: Partial<Station> = {}, savePdf: IpcDeps['savePdf'] = async () => true) {
  const handlers = new Map<string, (event: IpcMainInvokeEvent, payload: unknown) => unknown>();
  const calls: string[] = [];
  const deps: IpcDeps = {
    station: station as Station,
    isTrustedSender: (event) => event.senderFrame?.url === 'app',
    sendProgress: (event) => void calls.push(`progress ${event.stage}`),
    savePdf,
    readScan,
    sessions: {
      protection: async () => 'memory-only',
      setAllowUnencrypted: async (allow) => (allow ? 'unencrypted' : 'memory-only'),
    },
  };
  registerIpc({ handle: (channel, listener) => void handlers.set(channel, listener) }, deps);
  const invoke = (channel: string, payload?: unknown, event = TRUSTED) =>
    handlers.get(channel)!(event, payload);
  return { handlers, invoke, calls };
}

describe('registerIpc', () => {
  it('handles every channel the preload uses (and no other)', () => {
    const { handlers } = setup();
    const invokable = Object.values(CHANNELS).filter((channel) => channel !== CHANNELS.progress);
    expect([...handlers.keys()].sort()).toEqual(invokable.sort());
  });

  it('refuses a sender that is not the station’s page', async () => {
    const { invoke } = setup({ printers: async () => [] });
    expect(await invoke(CHANNELS.printers, undefined, FOREIGN)).toEqual({
      ok: false,
      error: 'Refused: the request did not come from the station',
    });
  });

  it('parses payloads: defaults applied, anything malformed refused before the station sees it', async () => {
    const seen: unknown[] = [];
    const { invoke } = setup({
      printSet: async (input) => {
        seen.push(input);
        return { jobId: 'P-1' } as never;
      },
    });
    expect(await invoke(CHANNELS.printSet, { setId: SET, printer: 'HomingPDF' })).toEqual({
      ok: true,
      value: { jobId: 'P-1' },
    });
    expect(seen).toEqual([{ setId: SET, printer: 'HomingPDF', startColumn: 1, startRow: 1 }]);
    expect(await invoke(CHANNELS.printSet, { setId: 'x', printer: 'HomingPDF' })).toEqual({
      ok: false,
      error: 'Not a set id',
    });
    expect(await invoke(CHANNELS.printSet, { setId: SET, printer: 'a b' })).toMatchObject({
      ok: false,
      error: 'Not a printer name',
    });
    expect(await invoke(CHANNELS.printSet, 'rm -rf /')).toMatchObject({ ok: false });
    expect(seen).toHaveLength(1);
  });

  it('passes API calls through main for admin paths only', async () => {
    const paths: string[] = [];
    const { invoke } = setup({
      api: async () =>
        ({
          raw: async (_method: string, path: string) => {
            paths.push(path);
            return new Response('{"success":true}', { status: 200 });
          },
        }) as never,
    });
    expect(await invoke(CHANNELS.api, { method: 'GET', path: '/api/admin/qr-sets' })).toEqual({
      ok: true,
      value: { status: 200, body: '{"success":true}' },
    });
    for (const path of [
      '/api/auth/login',
      'https://evil.example/api/admin/x',
      '/api/admin/../auth/login',
      '//evil.example',
    ]) {
      expect(await invoke(CHANNELS.api, { method: 'GET', path })).toEqual({
        ok: false,
        error: 'Not an API path the station may call',
      });
    }
    expect(await invoke(CHANNELS.api, { method: 'DELETE', path: '/api/admin/qr-sets' })).toMatchObject({
      ok: false,
    });
    expect(paths).toEqual(['/api/admin/qr-sets']);
  });

  it('forgets the session when the server answers 401', async () => {
    let loggedOut = false;
    const { invoke } = setup({
      api: async () => ({ raw: async () => new Response('{}', { status: 401 }) }) as never,
      logout: async () => void (loggedOut = true),
    });
    expect(await invoke(CHANNELS.api, { method: 'GET', path: '/api/auth/me' })).toMatchObject({
      ok: true,
      value: { status: 401 },
    });
    expect(loggedOut).toBe(true);
  });

  it('runs one print at a time, forwards progress, and returns errors as messages', async () => {
    let finish: () => void = () => undefined;
    const { invoke, calls } = setup({
      printSet: (_input, onProgress) =>
        new Promise((resolve) => {
          onProgress?.({ stage: 'submitted', message: 'Submitted job P-1' });
          finish = () => resolve({ jobId: 'P-1' } as never);
        }),
      printCalibrationSheet: async () => {
        throw new Error('Printer HomingPDF is stopped (Paused)');
      },
    });
    const first = invoke(CHANNELS.printSet, { setId: SET, printer: 'P' });
    expect(await invoke(CHANNELS.printSet, { setId: SET, printer: 'P' })).toEqual({
      ok: false,
      error: 'Another print job is still running',
    });
    finish();
    expect(await first).toMatchObject({ ok: true });
    expect(calls).toEqual(['progress submitted']);
    expect(await invoke(CHANNELS.calibrationSheet, { printer: 'P' })).toEqual({
      ok: false,
      error: 'Printer HomingPDF is stopped (Paused)',
    });
  });

  it('saves a sets PDF: cancelling is not a failure, a server refusal is one', async () => {
    const pdf = (status: number, body: string) =>
      ({
        api: async () =>
          ({
            raw: async () =>
              new Response(body, {
                status,
                headers: { 'content-disposition': 'attachment; filename="set-1.pdf"' },
              }),
          }) as never,
      }) as Partial<Station>;
    const saved: string[] = [];
    const ok = setup(pdf(200, '%PDF-1.7'), async (_bytes, name) => (saved.push(name), true));
    expect(await ok.invoke(CHANNELS.saveSetsPdf, { setIds: [SET] })).toEqual({
      ok: true,
      value: { saved: true },
    });
    expect(saved).toEqual(['set-1.pdf']);
    const cancelled = setup(pdf(200, '%PDF-1.7'), async () => false);
    expect(await cancelled.invoke(CHANNELS.saveSetsPdf, { setIds: [SET] })).toEqual({
      ok: true,
      value: { saved: false },
    });
    const refused = setup(pdf(404, '{"success":false,"data":null,"error":"Set not found"}'));
    expect(await refused.invoke(CHANNELS.saveSetsPdf, { setIds: [SET] })).toEqual({
      ok: false,
      error: 'Set not found',
    });
  });

  it('lists pending marks and the session’s protection, and takes the admin’s choice', async () => {
    const { invoke } = setup({ pendingMarks: async () => [] });
    expect(await invoke(CHANNELS.pendingMarks)).toEqual({ ok: true, value: [] });
    expect(await invoke(CHANNELS.sessionProtection)).toEqual({ ok: true, value: 'memory-only' });
    expect(await invoke(CHANNELS.allowUnencryptedSession, { allow: true })).toEqual({
      ok: true,
      value: 'unencrypted',
    });
    expect(await invoke(CHANNELS.allowUnencryptedSession, { allow: 'yes' })).toMatchObject({ ok: false });
  });

  it("answers the templates a printer's media fit, from its PPD page sizes", async () => {
    const media = new Map([
      ['QL', ['62mm', '24mm-circular', '23x23mm']],
      ['Office', ['Letter', 'A4', 'Legal']],
    ]);
    const spooler = { media: async (printer: string) => media.get(printer) ?? null } as Station['spooler'];
    const { invoke } = setup({ spooler });
    expect(await invoke(CHANNELS.printerTemplates, { printer: 'QL' })).toEqual({
      ok: true,
      value: ['brother-dk-11218', 'brother-dk-11221'],
    });
    expect(await invoke(CHANNELS.printerTemplates, { printer: 'Office' })).toEqual({
      ok: true,
      value: ['avery-4221', 'round-1in-32', 'avery-22805', 'avery-5160', 'avery-l7160'],
    });
    expect(await invoke(CHANNELS.printerTemplates, { printer: 'a b' })).toMatchObject({ ok: false });
  });
});

describe.skipIf(skipWithout(hasPdftoppm, "poppler's pdftoppm", 'apt-get install poppler-utils'))(
  'registerIpc: reading a sheet back',
  () => {
    const DOMAIN = 'homing.example';
    const DPI = 300;
    const codes = sampleCodes(24, 'Set 11-27-2026 #1', 3).map((code) => code.value);

    /** The station's read-back and reprint on a queue in a temporary folder; the server's set stood in. */
    function readBackStation(print: (codes: readonly string[]) => Promise<never>) {
      const file = join(mkdtempSync(join(tmpdir(), 'station-read-back-ipc-')), 'reprint-queue.jsonl');
      const queue = new ReprintQueue({
        read: () => readTextIfExists(file),
        write: (t) => writeFileAtomic(file, t),
      });
      const api = {
        getSet: async (id: string) => ({
          id,
          name: 'Set 11-27-2026 #1',
          templateId: 'avery-4221',
          qrCodes: codes.map((value) => ({ value })),
        }),
        getAppConfig: async () => ({ domainName: DOMAIN, brandWord: 'homing' }),
      } as unknown as StationApi;
      const station: Partial<Station> = {
        reprints: queue,
        readBack: (input, read) => readBackSet(api, queue, input, read),
        reprint: async (_printer, onProgress) =>
          queue.printAll(async (input) => {
            onProgress?.({ stage: 'submitted', message: `Submitted ${input.codes.join(', ')}` });
            return print(input.codes);
          }),
      };
      return { ...setup(station), file };
    }

    it('reads the pixels the window sends, reports exactly the blank cell and queues its code; refuses bad scans', async () => {
      const pdf = await renderLabelSheetsPdf({
        codes: codes.map((value) => ({ value, setName: 'Set 11-27-2026 #1' })),
        domainName: DOMAIN,
        brandWord: 'homing',
      });
      const [page] = rasterise(pdf, DPI);
      // Column 3, row 2 printed nothing.
      const blank = labelCentre(avery4221, 2, 1);
      const half = Math.round(((avery4221.pitchX * DPI) / 72) * 0.47);
      for (let dy = -half; dy < half; dy++)
        for (let dx = -half; dx < half; dx++)
          page.gray[
            (Math.round((blank.y * DPI) / 72) + dy) * page.width + Math.round((blank.x * DPI) / 72) + dx
          ] = 255;
      const scan = { width: page.width, height: page.height, gray: new Uint8Array(page.gray) };

      const { invoke, file } = readBackStation(async () => {
        throw new Error('unused');
      });
      const read = (await invoke(CHANNELS.readBack, { setId: SET, scan })) as IpcResult<ReadBackResult>;
      if (!read.ok) throw new Error(read.error);
      expect(read.value.report.missing).toEqual([{ value: codes[10], column: 3, row: 2 }]);
      expect([
        ...read.value.report.unreadable,
        ...read.value.report.duplicated,
        ...read.value.report.shifted,
      ]).toEqual([]);
      expect(read.value.report.read).toHaveLength(23);
      expect(read.value.set).toEqual({ id: SET, name: 'Set 11-27-2026 #1', labels: 24 });
      // Three rows printed: the reprint starts on the fourth.
      const queued = { setId: SET, codes: [codes[10]], startColumn: 1, startRow: 4 };
      expect(read.value.queued).toMatchObject(queued);
      expect(JSON.parse((await readTextIfExists(file))!)).toMatchObject(queued);

      // Refused before anything is read: codes or a domain beside the set, pixels that do not add up.
      for (const [payload, error] of [
        [{ setId: SET, scan, codes }, ONLY_WHAT_THE_SERVER_SAYS],
        [{ setId: SET, scan, domainName: 'evil.example' }, ONLY_WHAT_THE_SERVER_SAYS],
        [
          { setId: SET, scan: { ...scan, height: scan.height - 1 } },
          'The scan’s pixels do not match its size',
        ],
        [{ setId: SET, scan: { width: 2, height: 1, gray: [0, 0] } }, 'The scan must be grey pixels'],
        [{ setId: SET, scan: { width: 5000, height: 1, gray: new Uint8Array(5000) } }, expect.any(String)],
      ] as const)
        expect(await invoke(CHANNELS.readBack, payload)).toEqual({ ok: false, error });
      expect(await invoke(CHANNELS.readBack, { setId: SET, scan, startColumn: 9 })).toEqual({
        ok: false,
        error: 'Start column must be 1-8 and start row 1-10 for 3/4" Round',
      });
      // A picture with none of the set's labels is not read as 24 missing labels.
      const white = { width: 850, height: 1100, gray: new Uint8Array(850 * 1100).fill(255) };
      expect(await invoke(CHANNELS.readBack, { setId: SET, scan: white })).toEqual({
        ok: false,
        error: NOT_THIS_SHEET,
      });
      expect(await invoke(CHANNELS.reprintQueue)).toMatchObject({ ok: true, value: [queued] });
    });

    it('reprints the queue on the chosen printer; a failure keeps it queued and says why', async () => {
      let fail = true;
      const printed: string[][] = [];
      const { invoke, calls, file } = readBackStation(async (reprinted) => {
        if (fail) throw new Error('Printer HomingPDF is stopped (Paused)');
        printed.push([...reprinted]);
        return { jobId: 'HomingPDF-9', printer: 'HomingPDF' } as never;
      });
      const entry = {
        time: '2026-11-27T01:00:00.000Z',
        setId: SET,
        codes: [codes[10]],
        startColumn: 1,
        startRow: 4,
      };
      await writeFileAtomic(file, `${JSON.stringify(entry)}\n`);

      expect(await invoke(CHANNELS.reprint, { printer: 'a b' })).toMatchObject({
        ok: false,
        error: 'Not a printer name',
      });
      const failed = (await invoke(CHANNELS.reprint, { printer: 'HomingPDF' })) as IpcResult<ReprintResult>;
      expect(failed).toEqual({
        ok: true,
        value: { printed: [], error: 'Printer HomingPDF is stopped (Paused)', queue: [entry] },
      });
      expect(JSON.parse((await readTextIfExists(file))!)).toEqual(entry);

      fail = false;
      const done = (await invoke(CHANNELS.reprint, { printer: 'HomingPDF' })) as IpcResult<ReprintResult>;
      expect(done).toMatchObject({ ok: true, value: { error: null, queue: [], printed: [{ entry }] } });
      expect(printed).toEqual([[codes[10]]]);
      expect(calls).toEqual(['progress submitted', 'progress submitted']);
      expect(await readTextIfExists(file)).toBe('');
    });
  },
);
