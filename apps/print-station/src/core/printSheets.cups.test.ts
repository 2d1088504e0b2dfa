/**
 * The admin screens' print request (what the station's PrintPort sends to main: set ids and a
 * start) on the real CUPS queue: two sets in one job, each from a new sheet, both marked printed
 * once CUPS completed it, and the job submitted with the exact-size options. Through main's IPC, a
 * request carrying codes or a domain is refused before anything is printed.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import type { IpcMainInvokeEvent } from 'electron';
import { describe, expect, it } from 'vitest';
import { cupsSkipNote, hasCupsQueue, ippJobAttributes, QUEUE, waitForOutput } from '../testing/cups';
import { hasPdftoppm, scanSheets } from '../testing/labelScan';
import { DOMAIN } from '../testing/stationServer';
import { printSheets } from './printSheets';
import { MemorySessionStore } from './session';
import { createStation } from './station';
import { registerIpc } from '../main/ipc';
import type { IpcResult } from '../shared/bridge';
import { readScan } from './scanReader';
import { CHANNELS } from '../shared/bridge';
import { ONLY_WHAT_THE_SERVER_SAYS } from '../shared/ipc';
import type { PrintOutcome } from '../shared/types';
import { stationSheetsJobSchema } from '../shared/ipc';
import { skipWithout } from '../../../../packages/label-layout/test/ciTools';
import { stationOnQueue } from '../testing/queueSuite';

/** Every job CUPS has for the queue, ended or not (lpstat, not the code under test). */
const queueJobCount = () =>
  execFileSync('lpstat', ['-W', 'all', '-o', QUEUE], { encoding: 'utf8' }).split('\n').filter(Boolean).length;

// Skips on a machine without them; under CI=true a missing queue or pdftoppm fails instead.
describe.skipIf(
  skipWithout(hasCupsQueue, `the CUPS queue ${QUEUE}`, 'run .ci/cups-setup as root') ||
    skipWithout(hasPdftoppm, "poppler's pdftoppm", 'apt-get install poppler-utils'),
)(`PrintPort requests on ${QUEUE}${cupsSkipNote}`, () => {
  const suite = stationOnQueue('station-sheets-');

  it('prints two sets, each from a new sheet, then marks both printed', async () => {
    const sets = await Promise.all(
      [suite.t.unprintedSet(), suite.t.unprintedSet()].map(async (created) =>
        suite.t.getSet((await created).id),
      ),
    );
    const request = stationSheetsJobSchema.parse({ kind: 'sets', setIds: sets.map((set) => set.id) });
    const deps = suite.deps();
    const outcome = await printSheets(deps, request, QUEUE);
    expect(outcome).toMatchObject({ pages: 2, labels: 160, marked: true, note: 'Marked 2 sets printed' });
    // What the admin screens' print port returns: the sets main marked and the server's count.
    expect(outcome.mark).toEqual({ status: 'marked', setIds: sets.map((set) => set.id), updatedCount: 2 });

    const job = ippJobAttributes(Number(outcome.jobId.split('-').at(-1)));
    expect(job).toMatchObject({
      'job-state': 'completed',
      media: 'Letter',
      'print-scaling': 'none',
      scaling: '100',
      'fit-to-page': 'false',
    });

    const scan = await scanSheets(
      await waitForOutput(outcome.title),
      sets.flatMap((set) => set.qrCodes.map((code) => code.value)),
      DOMAIN,
    );
    expect(scan.pageSizes).toEqual([
      [612, 792],
      [612, 792],
    ]);
    expect(scan.read).toHaveLength(160);
    expect(scan.missing.concat(scan.unexpected)).toEqual([]);
    expect(scan.maxErrorMm).toBeLessThanOrEqual(0.5);
    for (const set of sets) expect((await suite.t.getSet(set.id)).isPrinted).toBe(true);
  });

  it('through main’s IPC: a request naming a real set with made-up codes or another domain is refused, nothing printed', async () => {
    const set = await suite.t.getSet((await suite.t.unprintedSet()).id);
    const sessions = new MemorySessionStore();
    await sessions.save({
      serverUrl: suite.t.server.url,
      token: suite.t.admin.token,
      user: { id: suite.t.admin.user.id, email: suite.t.admin.email, isAdmin: true },
    });
    const station = createStation({ home: mkdtempSync(join(suite.home, 'ipc-')), sessions, pollMs: 100 });
    const handlers = new Map<string, (event: IpcMainInvokeEvent, payload: unknown) => unknown>();
    registerIpc(
      { handle: (channel, listener) => void handlers.set(channel, listener) },
      {
        station,
        isTrustedSender: () => true,
        sendProgress: () => undefined,
        savePdf: async () => false,
        readScan,
        sessions: { protection: async () => 'memory-only', setAllowUnencrypted: async () => 'memory-only' },
      },
    );
    const invoke = (payload: unknown) =>
      handlers.get(CHANNELS.printSheets)!({} as IpcMainInvokeEvent, payload) as Promise<
        IpcResult<PrintOutcome>
      >;
    const jobsBefore = queueJobCount();

    // What an earlier build let through: the real set's id, codes of the renderer's making, evil.example.
    const forged = [
      {
        printer: QUEUE,
        request: {
          title: set.name,
          templateId: 'avery-4221',
          domainName: 'evil.example',
          brandWord: 'homing',
          sets: [{ setId: set.id, setName: set.name, codes: [{ value: 'FORGED0001' }] }],
        },
      },
      { printer: QUEUE, job: { kind: 'sets', setIds: [set.id], codes: [{ value: 'FORGED0001' }] } },
      { printer: QUEUE, job: { kind: 'sets', setIds: [set.id], domainName: 'evil.example' } },
    ];
    for (const payload of forged)
      expect(await invoke(payload)).toEqual({ ok: false, error: ONLY_WHAT_THE_SERVER_SAYS });
    expect(queueJobCount()).toBe(jobsBefore);
    expect(await station.history.list()).toEqual([]);
    expect((await suite.t.getSet(set.id)).isPrinted).toBe(false);

    // Named by id, the set prints as the server holds it, on the server's domain, and is marked.
    const printed = await invoke({ printer: QUEUE, job: { kind: 'sets', setIds: [set.id] } });
    expect(printed).toMatchObject({ ok: true, value: { labels: 80, marked: true } });
    const { title } = (printed as { value: PrintOutcome }).value;
    const scan = await scanSheets(
      await waitForOutput(title),
      set.qrCodes.map((code) => code.value),
      DOMAIN,
    );
    expect(scan.read).toHaveLength(80);
    expect(scan.missing.concat(scan.unexpected)).toEqual([]);
    expect((await suite.t.getSet(set.id)).isPrinted).toBe(true);
  });
});
