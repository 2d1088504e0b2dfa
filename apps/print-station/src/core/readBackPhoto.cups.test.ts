/**
 * Read-back never queues a good label. A realistic photo of what CUPS printed: the cups-pdf output
 * rasterised 2000 px wide, lying on a table rolled 1°, blurred (Gaussian sigma 1.2 px: enough
 * that the whole-page pass misses a few good labels) and saved as JPEG quality 70, with one cell blanked, one code printed twice and one label shifted 0.1 in: exactly
 * those three are reported, and only the blank's and the duplicate's codes are queued. A set that
 * runs onto a second sheet is read on either sheet; a defect on sheet 2 is found there. A set on
 * a roll template is not read at all.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { avery4221, labelCentre } from '@homing/label-layout';
import { describe, expect, it } from 'vitest';
import { skipWithout } from '../../../../packages/label-layout/test/ciTools';
import type { GrayImage } from '../../../../packages/label-layout/test/rasterDecode';
import { hasPdftoppm, rasterise } from '../../../../packages/label-layout/test/rasterDecode';
import { hasCupsQueue, QUEUE, waitForOutput } from '../testing/cups';
import { stationOnQueue } from '../testing/queueSuite';
import { paste, photo } from '../testing/sheetPhoto';
import { printSet } from './printPipeline';
import { readableTemplate, readBackSet, ReprintQueue } from './reprintQueue';
import { readBackScan } from './scanReader';

/** The page 2000 px wide (Letter, 8.5 in). */
const DPI = 2000 / 8.5;
const PX_PER_PT = DPI / 72;

/** Where the sheet's label `index` (0-based, row by row) sits in the page's pixels. */
const centre = (index: number) => {
  const point = labelCentre(avery4221, index % 8, Math.floor(index / 8));
  return { x: Math.round(point.x * PX_PER_PT), y: Math.round(point.y * PX_PER_PT) };
};
const cellOf = (index: number) => ({ column: (index % 8) + 1, row: Math.floor(index / 8) + 1 });

describe.skipIf(
  skipWithout(hasCupsQueue, `the CUPS queue ${QUEUE}`, 'run .ci/cups-setup as root') ||
    skipWithout(hasPdftoppm, "poppler's pdftoppm", 'apt-get install poppler-utils'),
)('read-back of a realistic photo of a sheet CUPS printed', () => {
  const suite = stationOnQueue('station-read-photo-');
  let queueText = '';
  const queue = new ReprintQueue({
    read: () => Promise.resolve(queueText),
    write: (text) => Promise.resolve(void (queueText = text)),
  });

  /** The page photographed as on a table, written where the station reads scans from. */
  async function photographed(page: GrayImage, name: string): Promise<string> {
    const file = join(suite.home, name);
    writeFileSync(file, await photo(page, { degrees: 1, blur: 1.2, quality: 70 }));
    return file;
  }

  const readBack = (setId: string, file: string, startColumn = 1, startRow = 1) =>
    readBackSet(suite.t.api, queue, { setId, startColumn, startRow }, (sheet) =>
      readBackScan({ ...sheet, file }),
    );

  it('reports exactly the blank cell, the code printed twice and the shifted label; queues only the blank and the duplicate', async () => {
    queueText = '';
    const set = await suite.t.getSet((await suite.t.unprintedSet()).id);
    const codes = set.qrCodes.map((code) => code.value);
    const outcome = await printSet(suite.deps(), { setId: set.id, printer: QUEUE });
    const [page] = rasterise(await waitForOutput(outcome.title), DPI);
    expect(page.width).toBeGreaterThanOrEqual(1999);

    const cell = avery4221.pitchX * PX_PER_PT * 0.96;
    paste(page, centre(20), null, cell); // column 5, row 3: blank
    paste(page, centre(3), centre(10), cell); // column 3, row 2 gets column 4, row 1's label
    const moved = centre(45); // column 6, row 6: 0.1 in to the right
    paste(
      page,
      moved,
      { x: moved.x + Math.round(0.1 * DPI), y: moved.y },
      avery4221.labelDiameter * PX_PER_PT * 1.02,
    );

    const { report, queued } = await readBack(set.id, await photographed(page, 'sheet.jpg'));
    expect(report.missing).toEqual([{ value: codes[20], ...cellOf(20) }]);
    expect(report.duplicated).toEqual([{ value: codes[10], ...cellOf(10), found: codes[3] }]);
    expect(report.shifted).toEqual([
      expect.objectContaining({ value: codes[45], ...cellOf(45), xMm: expect.closeTo(2.54, 0) }),
    ]);
    expect(report.unreadable).toEqual([]);
    expect(report.read).toHaveLength(78);
    expect(report.reprint).toEqual([codes[10], codes[20]]);
    expect(queued?.codes).toEqual([codes[10], codes[20]]);
    expect((await queue.list()).map((entry) => entry.codes)).toEqual([[codes[10], codes[20]]]);
  });

  it('reads a set that runs onto a second sheet on either sheet; a defect on sheet 2 is found there', async () => {
    queueText = '';
    const set = await suite.t.getSet((await suite.t.unprintedSet()).id);
    const codes = set.qrCodes.map((code) => code.value);
    // From column 3, row 2: 70 labels on sheet 1, the last 10 on sheet 2 (its row 1, two of row 2).
    const outcome = await printSet(suite.deps(), {
      setId: set.id,
      printer: QUEUE,
      startColumn: 3,
      startRow: 2,
    });
    expect(outcome.pages).toBe(2);
    const [first, second] = rasterise(await waitForOutput(outcome.title), DPI);

    const whole = await readBack(set.id, await photographed(first, 'first.jpg'), 3, 2);
    expect(whole.report.read).toHaveLength(70);
    expect(whole.report.reprint).toEqual([]);
    expect(whole.queued).toBeNull();

    paste(second, centre(4), null, avery4221.pitchX * PX_PER_PT * 0.96); // codes[74]: column 5, row 1
    const { report, queued } = await readBack(set.id, await photographed(second, 'second.jpg'), 3, 2);
    expect(report.sheet).toBe(2);
    expect(report.read.map((cell) => cell.value)).toEqual([...codes.slice(70, 74), ...codes.slice(75)]);
    expect(report.missing).toEqual([{ value: codes[74], column: 5, row: 1 }]);
    expect(report.unreadable).toEqual([]);
    expect(report.duplicated).toEqual([]);
    expect(report.reprint).toEqual([codes[74]]);
    // The reprint goes on the next free label after the set: sheet 2, column 3 of row 2.
    expect(queued).toMatchObject({ codes: [codes[74]], startColumn: 3, startRow: 2 });
  });

  it('reads only sets on sheet templates: a roll set is refused, nothing queued', async () => {
    queueText = '';
    const res = await suite.t.server.api<{ data: { id: string } }>(
      'POST',
      '/api/admin/qr-sets/create-with-codes',
      {
        token: suite.t.admin.token,
        body: { templateId: 'brother-dk-11218', count: 3 },
      },
    );
    expect(res.status).toBe(201);
    expect(readableTemplate('brother-dk-11218')).toBe(false);
    expect(readableTemplate('avery-4221')).toBe(true);
    await expect(readBack(res.body.data.id, join(suite.home, 'never-read.jpg'))).rejects.toThrow(
      'Read-back reads sheets of labels; Brother DK-11218 24 mm Round is a roll',
    );
    expect(await queue.list()).toEqual([]);
  });
});
