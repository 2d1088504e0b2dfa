/**
 * The bridge for a plain browser (actualbudget's model: one UI, two implementations of its one
 * interface). It speaks HTTP to the API itself and "prints" into a recorder: PDFs are rendered as
 * the station would render them, counted and kept in `jobs`, never sent to a printer. Marking
 * follows the station's rule (after the job "completed", unprinted top-level sets only). Used by
 * the Playwright test and for trying the station's screens without Electron.
 */
import { defaultTemplate, getTemplate, jobSheetCount, pageCount, templates } from '@homing/label-layout';
import {
  renderCalibrationSheetPdf,
  renderJobSheetsPdf,
  renderLabelSheetsPdf,
} from '@homing/label-layout/pdf';
import { prepareZXingModule } from 'zxing-wasm/reader';
import zxingWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import { createApiClient, NOT_ADMIN } from '../../core/apiClient';
import { readBackSet, ReprintQueue } from '../../core/reprintQueue';
import { readBackPixels } from '../../core/scanDecode';
import { isMarkable } from '../../core/setRules';
import type { StoredSession } from '../../core/sessionSchema';
import { storedSessionSchema } from '../../core/sessionSchema';
import type {
  HistoryEntry,
  PrinterCalibration,
  PrintOutcome,
  ProgressEvent,
  StationBridge,
} from '../../shared/bridge';

export const TWIN_PRINTER = 'Twin-Recorder';
/** A second recorder, so that switching printers (presets) can be seen. */
export const TWIN_LABEL_PRINTER = 'Twin-Label-Printer';

export interface TwinJob {
  readonly id: string;
  readonly kind: 'labels' | 'calibration';
  readonly printer: string;
  readonly pages: number;
  readonly labels: number;
  readonly bytes: number;
  readonly setIds: readonly string[];
  readonly marked: boolean;
}

export interface BrowserTwin extends StationBridge {
  /** Every job "printed", oldest first. */
  readonly jobs: TwinJob[];
}

const SESSION_KEY = 'homingStationTwin.session';
const CALIBRATION_KEY = 'homingStationTwin.calibration';
const REPRINT_KEY = 'homingStationTwin.reprints';

let zxingReady: Promise<unknown> | undefined;
/** zxing-wasm's reader in the page, its WebAssembly from the twin's own build (no download). */
const zxing = () =>
  (zxingReady ??= fetch(zxingWasmUrl)
    .then((res) => res.arrayBuffer())
    .then((wasmBinary) => prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true })));

function readJson<T>(storage: Storage, key: string, fallback: T): T {
  try {
    return (JSON.parse(storage.getItem(key) ?? 'null') as T) ?? fallback;
  } catch {
    return fallback;
  }
}

export function createBrowserTwin(storage: Storage = sessionStorage): BrowserTwin {
  const listeners = new Set<(event: ProgressEvent) => void>();
  const history: HistoryEntry[] = [];
  const jobs: TwinJob[] = [];
  const emit = (event: ProgressEvent) => listeners.forEach((listener) => listener(event));
  const reprints = new ReprintQueue({
    read: async () => storage.getItem(REPRINT_KEY),
    write: async (text) => storage.setItem(REPRINT_KEY, text),
  });

  const stored = (): StoredSession | null => {
    const parsed = storedSessionSchema.safeParse(readJson(storage, SESSION_KEY, null));
    return parsed.success ? parsed.data : null;
  };
  const client = () => {
    const session = stored();
    if (!session) throw new Error('Not signed in');
    return createApiClient({ serverUrl: session.serverUrl, token: session.token });
  };
  const calibrations = () =>
    readJson<Record<string, { xMm: number; yMm: number; updatedAt: string }>>(storage, CALIBRATION_KEY, {});
  const calibrationOf = (printer: string): PrinterCalibration => {
    const entry = calibrations()[printer];
    return entry ? { printer, ...entry } : { printer, xMm: 0, yMm: 0, updatedAt: null };
  };

  /** The station's pipeline with a recorder for a printer: render, "complete", then mark. */
  async function record(
    kind: TwinJob['kind'],
    printer: string,
    render: () => Promise<{ bytes: number; pages: number; labels: number }>,
    setIds: readonly string[],
    start?: { column: number; row: number },
  ): Promise<PrintOutcome> {
    if (printer !== TWIN_PRINTER && printer !== TWIN_LABEL_PRINTER)
      throw new Error(`Printer ${printer} was not found`);
    emit({
      stage: 'rendering',
      message: `Rendering ${kind === 'labels' ? 'labels' : 'a calibration sheet'}`,
    });
    const rendered = await render();
    const id = `${TWIN_PRINTER}-${jobs.length + 1}`;
    emit({ stage: 'submitted', jobId: id, message: `Submitted job ${id} to ${printer}` });
    emit({ stage: 'completed', jobId: id, message: `Job ${id} completed` });
    const sets = await Promise.all(setIds.map((setId) => client().getSet(setId)));
    const markable = sets.filter(isMarkable).map((set) => set.id);
    let updatedCount = 0;
    if (markable.length > 0) {
      ({ updatedCount } = await client().markSetsPrinted(markable));
      emit({
        stage: 'marked',
        jobId: id,
        message: `Marked ${markable.length === 1 ? 'the set' : `${markable.length} sets`} printed`,
      });
    }
    const note =
      markable.length > 0 ? 'Marked printed' : kind === 'labels' ? 'Printed; nothing to mark' : 'Printed';
    jobs.push({ id, kind, printer, ...rendered, setIds, marked: markable.length > 0 });
    history.unshift({
      time: new Date().toISOString(),
      kind,
      setId: setIds.length === 1 ? setIds[0] : null,
      ...(start && { start }),
      title: id.toLowerCase(),
      printer,
      jobId: id,
      outcome: 'completed',
      marked: markable.length > 0,
      message: note,
    });
    return {
      jobId: id,
      printer,
      title: id.toLowerCase(),
      pages: rendered.pages,
      labels: rendered.labels,
      marked: markable.length > 0,
      markPending: false,
      note,
      mark: markable.length > 0 ? { status: 'marked', setIds: markable, updatedCount } : null,
    };
  }

  /** As main's printSet: the whole set (marked when it should be), or a reprint of some of its codes. */
  async function printSet(
    setId: string,
    printer: string,
    startColumn: number,
    startRow: number,
    only?: readonly string[],
  ): Promise<PrintOutcome> {
    const set = await client().getSet(setId);
    const config = await client().getAppConfig();
    const template = getTemplate(set.templateId) ?? defaultTemplate;
    const stray = only?.find((value) => !set.qrCodes.some((code) => code.value === value));
    if (stray !== undefined) throw new Error(`The code ${stray} is not one of this set's codes`);
    const codes = (only ?? set.qrCodes.map(({ value }) => value)).map((value) => ({
      value,
      setName: set.name,
    }));
    return record(
      'labels',
      printer,
      async () => {
        const pdf = await renderLabelSheetsPdf({
          codes,
          template,
          startColumn,
          startRow,
          ...config,
          calibration: calibrationOf(printer),
        });
        return {
          bytes: pdf.length,
          pages: pageCount(codes.length, template, { column: startColumn, row: startRow }),
          labels: codes.length,
        };
      },
      isMarkable(set) && !only ? [set.id] : [],
      only ? undefined : { column: startColumn, row: startRow },
    );
  }

  const twin: BrowserTwin = {
    kind: 'browser-twin',
    jobs,

    async session() {
      const session = stored();
      return session && { serverUrl: session.serverUrl, user: session.user };
    },
    async login({ serverUrl, identifier, password }) {
      const api = createApiClient({ serverUrl });
      const { user, token } = await api.login(identifier, password);
      if (!user.isAdmin) throw new Error(NOT_ADMIN);
      storage.setItem(SESSION_KEY, JSON.stringify({ serverUrl: api.serverUrl, token, user }));
      return { serverUrl: api.serverUrl, user };
    },
    async logout() {
      await client()
        .logout()
        .catch(() => undefined);
      storage.removeItem(SESSION_KEY);
    },
    async api({ method, path, body }) {
      const res = await client().raw(method, path, body);
      if (res.status === 401) storage.removeItem(SESSION_KEY);
      return { status: res.status, body: await res.text() };
    },
    // The twin's recorder renders any template.
    async printerTemplates() {
      return templates.map((template) => template.id);
    },
    async printers() {
      return [
        {
          name: TWIN_PRINTER,
          state: 'idle',
          accepting: true,
          isDefault: true,
          message: 'Records jobs; prints nothing',
        },
        {
          name: TWIN_LABEL_PRINTER,
          state: 'idle',
          accepting: true,
          isDefault: false,
          message: 'Records jobs; prints nothing',
        },
      ];
    },
    printSet: ({ setId, printer, startColumn = 1, startRow = 1 }) =>
      printSet(setId, printer, startColumn, startRow),
    async printSheets({ job, printer }) {
      // As main does: what prints comes from the server; the request only names sets.
      const start = { column: job.startColumn ?? 1, row: job.startRow ?? 1 };
      const config = await client().getAppConfig();
      const loaded =
        job.kind === 'sets' ? await Promise.all(job.setIds.map((id) => client().getSet(id))) : [];
      const template =
        getTemplate(job.kind === 'sets' ? loaded[0].templateId : (job.templateId ?? '')) ?? defaultTemplate;
      const sets =
        job.kind === 'sets'
          ? loaded.map((set) => set.qrCodes.map(({ value }) => ({ value, setName: set.name })))
          : [
              Array.from({ length: job.count }, (_, i) => ({
                value: `TEST${String(i + 1).padStart(4, '0')}`,
                setName: 'Test Print',
              })),
            ];
      return record(
        'labels',
        printer,
        async () => {
          const pdf = await renderJobSheetsPdf({
            sets,
            template,
            startColumn: start.column,
            startRow: start.row,
            domainName: job.kind === 'sets' ? config.domainName : job.domainName,
            brandWord: config.brandWord,
            smsNumber: config.smsNumber,
            calibration: calibrationOf(printer),
          });
          return {
            bytes: pdf.length,
            pages: jobSheetCount(
              sets.map((codes) => codes.length),
              template,
              start,
            ),
            labels: sets.reduce((sum, codes) => sum + codes.length, 0),
          };
        },
        loaded.filter(isMarkable).map((set) => set.id),
        loaded.length === 1 ? start : undefined,
      );
    },
    calibration: {
      async get(printer) {
        return calibrationOf(printer);
      },
      async set({ printer, xMm, yMm }) {
        if (![xMm, yMm].every((v) => Number.isFinite(v) && Math.abs(v) <= 20))
          throw new Error('Offsets must be between -20 and 20 mm');
        const entry = { xMm, yMm, updatedAt: new Date().toISOString() };
        storage.setItem(CALIBRATION_KEY, JSON.stringify({ ...calibrations(), [printer]: entry }));
        return { printer, ...entry };
      },
    },
    async calibrationSheet({ printer, templateId }) {
      const template = (templateId && getTemplate(templateId)) || defaultTemplate;
      return record(
        'calibration',
        printer,
        async () => {
          const pdf = await renderCalibrationSheetPdf({ template, calibration: calibrationOf(printer) });
          return { bytes: pdf.length, pages: 1, labels: 0 };
        },
        [],
      );
    },
    async history(limit = 100) {
      return history.slice(0, limit);
    },
    // The twin marks synchronously or fails the job: nothing is ever left pending.
    async pendingMarks() {
      return [];
    },
    // The page's sessionStorage: gone with the tab.
    async sessionProtection() {
      return 'memory-only';
    },
    async allowUnencryptedSession() {
      return 'memory-only';
    },
    async saveSetsPdf({ setIds, startCol, startRow, templateId }) {
      const query = new URLSearchParams({ startCol: String(startCol ?? 1), startRow: String(startRow ?? 1) });
      if (templateId) query.set('templateId', templateId);
      if (setIds.length > 1) query.set('setIds', setIds.join(','));
      const path =
        setIds.length === 1
          ? `/api/admin/qr-sets/${encodeURIComponent(setIds[0])}/labels.pdf`
          : '/api/admin/qr-sets/labels.pdf';
      const res = await client().raw('GET', `${path}?${query}`);
      if (!res.ok) throw new Error('Failed to download the PDF');
      const link = document.createElement('a');
      link.href = URL.createObjectURL(await res.blob());
      link.download = 'labels.pdf';
      link.click();
      return { saved: true };
    },
    async readBack({ scan, setId, startColumn = 1, startRow = 1 }) {
      return readBackSet(client(), reprints, { setId, startColumn, startRow }, async (sheet) => {
        await zxing();
        return readBackPixels(scan, sheet);
      });
    },
    reprintQueue: () => reprints.list(),
    reprint: (printer) =>
      reprints.printAll((input) =>
        printSet(input.setId, printer, input.startColumn ?? 1, input.startRow ?? 1, input.codes),
      ),
    onProgress(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
  return twin;
}
