import type { IpcMainInvokeEvent } from 'electron';
import { describe, expect, it } from 'vitest';
import type { Station } from '../core/station';
import { CHANNELS } from '../shared/bridge';
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
