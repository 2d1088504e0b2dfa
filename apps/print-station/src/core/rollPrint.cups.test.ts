/**
 * Roll label printers through CUPS (PRODUCT.md, Printing): a set made from a Brother DK or DYMO roll template
 * is printed by the station one label per page at the label's exact size, through the real Debian
 * drivers (printer-driver-ptouch's QL-570, printer-driver-dymo's LabelWriter 450) on queues whose
 * device is a file. The driver's own command stream is decoded back to a bitmap per label
 * (testing/printerStreams.ts), and every label's QR symbol is read by zxing-wasm and by ZBar, in
 * print order, with the label's four lines beside it and nothing scaled. The set is marked only
 * after CUPS completed the job; a cancelled roll job marks nothing.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LabelTemplate } from '@homing/label-layout';
import { getTemplate, labelQrText } from '@homing/label-layout';
import { renderLabelSheetsPdf } from '@homing/label-layout/pdf';
import type { QrCodeSetDetail } from '@homing/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { skipWithout } from '../../../../packages/label-layout/test/ciTools';
import type { GrayImage } from '../../../../packages/label-layout/test/rasterDecode';
import { decodeAll, hasPdftoppm, rasterise } from '../../../../packages/label-layout/test/rasterDecode';
import { hasZbarimg, zbarReadWindows } from '../../../../packages/label-layout/test/zbar';
import { ippJobAttributes } from '../testing/cups';
import { decodeBrotherQl, decodeDymoLabelWriter } from '../testing/printerStreams';
import {
  clearStream,
  DYMO_QUEUE,
  hasRollQueues,
  lastStream,
  QL_QUEUE,
  restartRollQueue,
  stopRollQueue,
} from '../testing/rollQueues';
import type { StationServer } from '../testing/stationServer';
import { DOMAIN, startStationServer } from '../testing/stationServer';
import { CalibrationStore } from './calibration';
import { JobHistory } from './jobHistory';
import { PrintError } from './printJob';
import type { PipelineDeps } from './printPipeline';
import { printSet } from './printPipeline';
import { printSheets } from './printSheets';
import { queueTemplates } from './queueMedia';
import type { Spooler } from './spooler';
import { CupsSpooler } from './spooler';
import { runCli } from '../cli/run';
import { stationSheetsJobSchema } from '../shared/ipc';
import { stationPaths } from './stationHome';

const skip =
  skipWithout(
    hasRollQueues,
    `the roll queues ${QL_QUEUE} and ${DYMO_QUEUE}`,
    'run .ci/cups-roll-setup as root',
  ) ||
  skipWithout(hasPdftoppm, "poppler's pdftoppm", 'apt-get install poppler-utils') ||
  skipWithout(hasZbarimg, "ZBar's zbarimg", 'apt-get install zbar-tools');

const DPI = 300;

/** Bounding box of the dark pixels, and the bands of rows with ink (separated by white rows). */
function inkOf(image: GrayImage) {
  let [left, top, right, bottom] = [Infinity, Infinity, -1, -1];
  const inkRows: boolean[] = [];
  for (let y = 0; y < image.height; y++) {
    let any = false;
    for (let x = 0; x < image.width; x++) {
      if (image.gray[y * image.width + x] < 128) {
        any = true;
        left = Math.min(left, x);
        right = Math.max(right, x);
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
    }
    inkRows.push(any);
  }
  const bands = inkRows.filter((ink, y) => ink && !inkRows[y - 1]).length;
  return { width: right - left + 1, height: bottom - top + 1, bands };
}

interface Roll {
  readonly template: LabelTemplate;
  readonly queue: string;
  readonly decode: (stream: Uint8Array) => GrayImage[];
}

const rolls: Roll[] = [
  {
    template: getTemplate('brother-dk-11218')!,
    queue: QL_QUEUE,
    decode: (stream) => decodeBrotherQl(stream).map((page) => page.image),
  },
  {
    template: getTemplate('brother-dk-11221')!,
    queue: QL_QUEUE,
    decode: (stream) => decodeBrotherQl(stream).map((page) => page.image),
  },
  {
    template: getTemplate('dymo-30332')!,
    queue: DYMO_QUEUE,
    decode: (stream) => decodeDymoLabelWriter(stream).map((label) => label.image),
  },
];

describe.skipIf(skip)('roll label printers through CUPS and their drivers', () => {
  let t: StationServer;
  let home: string;
  let history: JobHistory;
  const deps = (overrides: Partial<PipelineDeps> = {}): PipelineDeps => ({
    api: t.api,
    spooler: new CupsSpooler(),
    calibration: new CalibrationStore(join(home, 'calibration.json')),
    history,
    pollMs: 100,
    ...overrides,
  });
  const rollSet = async (templateId: string, count: number) => {
    const res = await t.server.api<{ data: QrCodeSetDetail }>(
      'POST',
      '/api/admin/qr-sets/create-with-codes',
      {
        token: t.admin.token,
        body: { templateId, count },
      },
    );
    expect(res.status).toBe(201);
    return res.body.data;
  };

  beforeAll(async () => {
    for (const queue of [QL_QUEUE, DYMO_QUEUE]) restartRollQueue(queue);
    t = await startStationServer();
    home = mkdtempSync(join(tmpdir(), 'station-rolls-'));
    history = new JobHistory(join(home, 'history.jsonl'));
  });
  // Each test reads only the streams of its own jobs.
  beforeEach(() => {
    for (const queue of [QL_QUEUE, DYMO_QUEUE]) clearStream(queue);
  });
  afterAll(async () => {
    for (const queue of [QL_QUEUE, DYMO_QUEUE]) restartRollQueue(queue);
    await t?.server.close();
    rmSync(home, { recursive: true, force: true });
  });

  it('offers on each queue only the templates of the media its driver lists', async () => {
    const spooler = new CupsSpooler();
    expect((await queueTemplates(spooler, QL_QUEUE)).map((tpl) => tpl.id)).toEqual([
      'brother-dk-11218',
      'brother-dk-11221',
    ]);
    expect((await queueTemplates(spooler, DYMO_QUEUE)).map((tpl) => tpl.id)).toEqual(['dymo-30332']);
  });

  it.each(rolls.map((roll) => [roll.template.id, roll] as const))(
    '%s: every label of the set, in print order, scans to its code, with its lines, at exact size; then marked',
    async (_id, { template, queue, decode }) => {
      const set = await rollSet(template.id, 6);
      const outcome = await printSet(deps(), { setId: set.id, printer: queue });
      expect(outcome).toMatchObject({ pages: 6, labels: 6, marked: true });
      const job = ippJobAttributes(Number(outcome.jobId.split('-').at(-1)));
      expect(job).toMatchObject({ 'job-state': 'completed', media: template.media, 'print-scaling': 'none' });

      const labels = decode(lastStream(queue));
      expect(labels).toHaveLength(6);
      const expected = set.qrCodes.map((code) => labelQrText(DOMAIN, code.value));
      // zxing's hardest search now and then also reads a few digits out of the label's small print
      // (the grouped SMS number at 300 dpi); what it must read is each label's own address, once.
      const zxing = await Promise.all(
        labels.map(async (image) =>
          (await decodeAll(image)).map((s) => s.text).filter((text) => text.startsWith('HTTPS://')),
        ),
      );
      expect(zxing).toEqual(expected.map((text) => [text]));
      const zbar = labels.map(
        (image) =>
          zbarReadWindows(image, [{ left: 0, top: 0, size: Math.max(image.width, image.height) }])[0],
      );
      expect(zbar).toEqual(expected);

      // What the driver printed is the label as drawn at 300 dpi, not scaled: the same ink box
      // (set name at the top to the address at the bottom, ± 3 dots = 0.25 mm) and the same
      // bands of ink (set name, brand, symbol, code, address).
      const drawn = rasterise(
        await renderLabelSheetsPdf({
          codes: [{ value: set.qrCodes[0].value, setName: set.name }],
          template,
          domainName: DOMAIN,
          brandWord: 'homing',
        }),
        DPI,
      )[0];
      const want = inkOf(drawn);
      expect(want.bands).toBeGreaterThanOrEqual(5);
      const got = inkOf(labels[0]);
      expect(Math.abs(got.width - want.width)).toBeLessThanOrEqual(3);
      expect(Math.abs(got.height - want.height)).toBeLessThanOrEqual(3);
      expect(got.bands).toBe(want.bands);

      expect((await t.getSet(set.id)).isPrinted).toBe(true);
    },
  );

  it("prints the admin screens' request (the Electron station's path) on a DYMO roll, then marks the set", async () => {
    const set = await rollSet('dymo-30332', 3);
    // The screens name the set; the station loads its codes, template and domain from the API.
    const request = stationSheetsJobSchema.parse({
      kind: 'sets',
      setIds: [set.id],
      startColumn: 1,
      startRow: 1,
    });
    const outcome = await printSheets(deps(), request, DYMO_QUEUE);
    expect(outcome).toMatchObject({ pages: 3, labels: 3, marked: true });
    const read = await Promise.all(
      decodeDymoLabelWriter(lastStream(DYMO_QUEUE)).map((l) => decodeAll(l.image)),
    );
    expect(read.map((symbols) => symbols.map((s) => s.text))).toEqual(
      set.qrCodes.map((code) => [labelQrText(DOMAIN, code.value)]),
    );
    expect((await t.getSet(set.id)).isPrinted).toBe(true);
  });

  it.each([
    ['brother-dk-11218', QL_QUEUE, (stream: Uint8Array) => decodeBrotherQl(stream).map((p) => p.image)],
    ['dymo-30332', DYMO_QUEUE, (stream: Uint8Array) => decodeDymoLabelWriter(stream).map((l) => l.image)],
  ] as const)(
    "%s: the printer's calibration moves every label by its offsets",
    async (templateId, queue, decode) => {
      const calibration = new CalibrationStore(join(home, `calibration-${queue}.json`));
      const centres = async () => {
        const set = await rollSet(templateId, 2);
        await printSet(deps({ calibration }), { setId: set.id, printer: queue });
        const symbols = await Promise.all(decode(lastStream(queue)).map((image) => decodeAll(image)));
        return symbols.map(([symbol]) => ({ x: symbol.x, y: symbol.y }));
      };
      const plain = await centres();
      await calibration.set(queue, { xMm: 1, yMm: -0.5 });
      const moved = await centres();
      const dotsPerMm = DPI / 25.4;
      for (const [i, centre] of moved.entries()) {
        // Right and up on the label by 1 mm and 0.5 mm, within a dot and a half.
        expect(Math.abs(centre.x - plain[i].x - dotsPerMm)).toBeLessThanOrEqual(1.5);
        expect(Math.abs(centre.y - plain[i].y + 0.5 * dotsPerMm)).toBeLessThanOrEqual(1.5);
      }
    },
  );

  it('refuses a roll template on a queue without its media, before printing anything', async () => {
    const set = await rollSet('dymo-30332', 2);
    const error: PrintError = await printSet(deps(), { setId: set.id, printer: QL_QUEUE }).catch((e) => e);
    expect(error).toBeInstanceOf(PrintError);
    expect(error.message).toMatch(
      /^Printer HomingQL has no DYMO 30332 1" Square media \(it offers .*24mm-circular/,
    );
    expect((await t.getSet(set.id)).isPrinted).toBe(false);
  });

  it('marks nothing when a roll job is cancelled', async () => {
    const set = await rollSet('brother-dk-11218', 3);
    const cups = new CupsSpooler();
    // The queue stops between the printer check and lp, so the job is held and then cancelled.
    const spooler: Spooler = {
      kind: 'cups',
      printers: () => cups.printers(),
      status: (job) => cups.status(job),
      cancel: (job) => cups.cancel(job),
      media: (printer) => cups.media(printer),
      async submit(submission) {
        stopRollQueue(QL_QUEUE);
        const job = await cups.submit(submission);
        await cups.cancel(job);
        return job;
      },
    };
    try {
      const error: PrintError = await printSet(deps({ spooler }), { setId: set.id, printer: QL_QUEUE }).catch(
        (e) => e,
      );
      expect(error).toBeInstanceOf(PrintError);
      expect(error.reason).toBe('canceled');
      expect(error.message).toMatch(/^Job HomingQL-\d+ was cancelled.*; the set was not marked printed$/);
    } finally {
      restartRollQueue(QL_QUEUE);
    }
    expect((await t.getSet(set.id)).isPrinted).toBe(false);
    expect((await history.list(1))[0]).toMatchObject({ outcome: 'canceled', marked: false });
  });

  it("npm run station headless: lists the QL queue's templates, saves a preset, prints a roll set with it, the printer's calibration untouched", async () => {
    const out: string[] = [];
    const err: string[] = [];
    const cliHome = mkdtempSync(join(tmpdir(), 'station-rolls-cli-'));
    const io = {
      env: {
        HOMING_STATION_HOME: cliHome,
        HOMING_SERVER: t.server.url,
        HOMING_IDENTIFIER: t.admin.email,
        HOMING_PASSWORD: t.admin.password,
      },
      out: (line: string) => out.push(line),
      err: (line: string) => err.push(line),
    };
    try {
      expect(await runCli(['login'], io)).toBe(0);
      expect(await runCli(['templates', '--printer', QL_QUEUE], io)).toBe(0);
      const listed = out.splice(0).join('\n');
      expect(listed).toMatch(/brother-dk-11218\s+roll\s+24mm-circular/);
      expect(listed).toMatch(/brother-dk-11221\s+roll\s+23x23mm/);
      expect(listed).not.toContain('avery-4221');
      expect(listed).not.toContain('dymo-30332');

      const saved = [
        'preset-save',
        '--name',
        'QL round',
        '--template',
        'brother-dk-11218',
        '--printer',
        QL_QUEUE,
      ];
      // The printer is calibrated on this station; a preset names no offsets and changes none.
      expect(await runCli(['calibrate', '--printer', QL_QUEUE, '--x-mm', '0.3', '--y-mm', '-0.2'], io)).toBe(
        0,
      );
      const calibration = readFileSync(stationPaths(cliHome).calibration, 'utf8');
      expect(await runCli([...saved, '--copies', '2'], io)).toBe(0);
      expect(out.splice(0)).toContain(`Saved preset QL round: brother-dk-11218 on ${QL_QUEUE}.`);
      expect(await runCli(['presets'], io)).toBe(0);
      expect(out.splice(0).join('\n')).toMatch(
        new RegExp(
          `QL round +brother-dk-11218 +${QL_QUEUE} +column 1, row 1 +2 +x \\+0\\.30 mm, y -0\\.20 mm`,
        ),
      );

      const set = await rollSet('brother-dk-11218', 4);
      expect(await runCli(['print', '--set', set.id, '--preset', 'ql round'], io), err.join('\n')).toBe(0);
      expect(out.at(-1)).toMatch(
        new RegExp(`^Printed set ${set.id} as job ${QL_QUEUE}-\\d+ on ${QL_QUEUE}: 4 labels`),
      );
      expect(err.join('\n')).toContain('offset x +0.30 mm, y -0.20 mm), 2 copies');
      expect((await t.getSet(set.id)).isPrinted).toBe(true);
      // Two copies: the four labels, then the four again.
      const read = await Promise.all(
        decodeBrotherQl(lastStream(QL_QUEUE)).map((page) => decodeAll(page.image)),
      );
      const labels = set.qrCodes.map((code) => [labelQrText(DOMAIN, code.value)]);
      expect(read.map((symbols) => symbols.map((s) => s.text))).toEqual([...labels, ...labels]);
      expect(readFileSync(stationPaths(cliHome).calibration, 'utf8')).toBe(calibration);

      // A preset saved in the web admin (the API) works the same.
      const web = await t.server.api('POST', '/api/admin/print-presets', {
        token: t.admin.token,
        // Offsets an older web admin still sends are not the preset's.
        body: { name: 'Web DYMO', templateId: 'dymo-30332', printer: DYMO_QUEUE, xMm: 2, yMm: 2 },
      });
      expect(web.status).toBe(200);
      const dymoSet = await rollSet('dymo-30332', 2);
      expect(await runCli(['print', '--set', dymoSet.id, '--preset', 'web dymo'], io), err.join('\n')).toBe(
        0,
      );
      expect(out.at(-1)).toMatch(new RegExp(`on ${DYMO_QUEUE}: 2 labels`));
      expect(err.join('\n')).toContain('offset x +0.00 mm, y +0.00 mm)');
      expect((await t.getSet(dymoSet.id)).isPrinted).toBe(true);
      expect(readFileSync(stationPaths(cliHome).calibration, 'utf8')).toBe(calibration);

      // A preset for another template refuses the set before anything is printed.
      await runCli(
        ['preset-save', '--name', 'Dymo', '--template', 'dymo-30332', '--printer', DYMO_QUEUE],
        io,
      );
      const other = await rollSet('brother-dk-11218', 2);
      expect(await runCli(['print', '--set', other.id, '--preset', 'Dymo'], io)).toBe(1);
      expect(err.at(-1)).toBe(
        'Error: This set is for Brother DK-11218 24 mm Round labels; the preset is for DYMO 30332 1" Square',
      );
      expect((await t.getSet(other.id)).isPrinted).toBe(false);
    } finally {
      rmSync(cliHome, { recursive: true, force: true });
    }
  });
});
