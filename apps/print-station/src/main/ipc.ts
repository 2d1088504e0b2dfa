import type { IpcMainInvokeEvent } from 'electron';
import type { z } from 'zod';
import type { Station } from '../core/station';
import type { ReadBackReport } from '../core/readBack';
import type { GrayPixels, SheetInput } from '../core/scanDecode';
import { queueTemplates } from '../core/queueMedia';
import type { ApiReply, IpcResult, ProgressEvent, SessionProtection } from '../shared/bridge';
import { CHANNELS } from '../shared/bridge';
import {
  allowUnencryptedSchema,
  apiRequestSchema,
  calibrationSetSchema,
  calibrationSheetSchema,
  historySchema,
  loginInputSchema,
  noPayloadSchema,
  printerOnlySchema,
  printSetSchema,
  printSheetsSchema,
  readBackSchema,
  saveSetsPdfSchema,
} from '../shared/ipc';

/** The part of `ipcMain` used here (a fake in tests). */
export interface IpcRegistrar {
  handle(channel: string, listener: (event: IpcMainInvokeEvent, payload: unknown) => unknown): void;
}

export interface IpcDeps {
  readonly station: Station;
  readonly isTrustedSender: (event: IpcMainInvokeEvent) => boolean;
  readonly sendProgress: (event: ProgressEvent) => void;
  /** Asks where to save and writes the file; resolves false when the operator cancels. */
  readonly savePdf: (bytes: Uint8Array, suggestedName: string) => Promise<boolean>;
  /** Reads a sheet's grey pixels (`readBackPixels`; in Electron, in a worker thread). */
  readonly readScan: (scan: GrayPixels, sheet: SheetInput) => Promise<ReadBackReport>;
  /** How the session is kept, and the admin's choice where there is no keyring (SafeSessionStore). */
  readonly sessions: {
    protection(): Promise<SessionProtection>;
    setAllowUnencrypted(allow: boolean): Promise<SessionProtection>;
  };
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

const filenameOf = (res: Response, fallback: string) =>
  /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallback;

/**
 * Every channel the preload may invoke. Each payload is parsed with its zod schema before
 * anything happens; failures come back as `{ ok: false, error }` with a message for the operator.
 */
export function registerIpc(ipc: IpcRegistrar, deps: IpcDeps): void {
  const { station } = deps;
  let printing = false;

  function handle<S extends z.ZodType, T>(
    channel: string,
    schema: S,
    run: (input: z.output<S>) => Promise<T>,
  ) {
    ipc.handle(channel, async (event, payload): Promise<IpcResult<T>> => {
      if (!deps.isTrustedSender(event))
        return { ok: false, error: 'Refused: the request did not come from the station' };
      const parsed = schema.safeParse(payload);
      if (!parsed.success) {
        // Keys the channel does not take (codes, a domain …) are the reason to give, before any other.
        const issue =
          parsed.error.issues.find((one) => one.code === 'unrecognized_keys') ?? parsed.error.issues[0];
        return { ok: false, error: issue?.message ?? 'Invalid request' };
      }
      try {
        return { ok: true, value: await run(parsed.data) };
      } catch (error) {
        return { ok: false, error: messageOf(error) };
      }
    });
  }

  /** One job at a time: a second would race the first for the printer and the history. */
  async function exclusive<T>(work: () => Promise<T>): Promise<T> {
    if (printing) throw new Error('Another print job is still running');
    printing = true;
    try {
      return await work();
    } finally {
      printing = false;
    }
  }

  handle(CHANNELS.session, noPayloadSchema, () => station.session());
  handle(CHANNELS.login, loginInputSchema, async (input) => {
    const session = await station.login(input.serverUrl, input.identifier, input.password);
    // Marks left pending by an earlier session go out as soon as someone signs in again.
    void station.retryMarks().catch(() => undefined);
    return session;
  });
  handle(CHANNELS.sessionProtection, noPayloadSchema, () => deps.sessions.protection());
  handle(CHANNELS.allowUnencryptedSession, allowUnencryptedSchema, ({ allow }) =>
    deps.sessions.setAllowUnencrypted(allow),
  );
  handle(CHANNELS.logout, noPayloadSchema, () => station.logout());

  handle(CHANNELS.api, apiRequestSchema, async ({ method, path, body }): Promise<ApiReply> => {
    const res = await (await station.api()).raw(method, path, body);
    const reply = { status: res.status, body: await res.text() };
    // The server ended the session: forget it here too, so the window returns to sign-in.
    if (res.status === 401) await station.logout().catch(() => undefined);
    return reply;
  });

  handle(CHANNELS.printers, noPayloadSchema, () => station.printers());
  handle(CHANNELS.printerTemplates, printerOnlySchema, async ({ printer }) =>
    (await queueTemplates(station.spooler, printer)).map((template) => template.id),
  );
  handle(CHANNELS.printSet, printSetSchema, (input) =>
    exclusive(() => station.printSet(input, deps.sendProgress)),
  );
  handle(CHANNELS.printSheets, printSheetsSchema, ({ job, printer }) =>
    exclusive(() => station.printSheets(job, printer, deps.sendProgress)),
  );
  handle(CHANNELS.calibrationGet, printerOnlySchema, ({ printer }) => station.calibration.get(printer));
  handle(CHANNELS.calibrationSet, calibrationSetSchema, ({ printer, xMm, yMm }) =>
    station.calibration.set(printer, { xMm, yMm }),
  );
  handle(CHANNELS.calibrationSheet, calibrationSheetSchema, (input) =>
    exclusive(() => station.printCalibrationSheet(input, deps.sendProgress)),
  );
  handle(CHANNELS.history, historySchema, ({ limit }) => station.history.list(limit));
  handle(CHANNELS.pendingMarks, noPayloadSchema, () => station.pendingMarks());

  // Decoding takes seconds and the reprint prints: one at a time, like every job.
  handle(CHANNELS.readBack, readBackSchema, ({ scan, ...input }) =>
    exclusive(() => station.readBack(input, (sheet) => deps.readScan(scan, sheet))),
  );
  handle(CHANNELS.reprintQueue, noPayloadSchema, () => station.reprints.list());
  handle(CHANNELS.reprint, printerOnlySchema, ({ printer }) =>
    exclusive(() => station.reprint(printer, deps.sendProgress)),
  );

  // A failure is a failure ({ ok: false }, the preload rejects); cancelling is not one.
  handle(CHANNELS.saveSetsPdf, saveSetsPdfSchema, async (input): Promise<{ saved: boolean }> => {
    const query = new URLSearchParams();
    if (input.startCol) query.set('startCol', String(input.startCol));
    if (input.startRow) query.set('startRow', String(input.startRow));
    if (input.templateId) query.set('templateId', input.templateId);
    if (input.setIds.length > 1) query.set('setIds', input.setIds.join(','));
    const path =
      input.setIds.length === 1
        ? `/api/admin/qr-sets/${encodeURIComponent(input.setIds[0])}/labels.pdf`
        : '/api/admin/qr-sets/labels.pdf';
    const res = await (await station.api()).raw('GET', `${path}?${query}`);
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as { error?: string } | null;
      throw new Error(body?.error || 'Failed to download the PDF');
    }
    const saved = await deps.savePdf(new Uint8Array(await res.arrayBuffer()), filenameOf(res, 'labels.pdf'));
    return { saved };
  });
}
