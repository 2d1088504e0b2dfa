/**
 * Every sheet template besides Avery 4221 (the 32-label round sheet, Avery 22805, 5160, L7160) on the real CUPS queue, checked
 * as the Avery 4221 sheet is (printPipeline.cups.test.ts): a set of one sheet is printed by the
 * station through cups-pdf, the PDF CUPS wrote has the template's paper, and every code reads back
 * within 0.5 mm of its label's centre.
 */
import { getTemplate } from '@homing/label-layout';
import { describe, expect, it } from 'vitest';
import { skipWithout } from '../../../../packages/label-layout/test/ciTools';
import { cupsSkipNote, hasCupsQueue, ippJobAttributes, QUEUE, waitForOutput } from '../testing/cups';
import { hasPdftoppm, scanSheets } from '../testing/labelScan';
import { DOMAIN } from '../testing/stationServer';
import { printSet } from './printPipeline';
import { stationOnQueue } from '../testing/queueSuite';

const skip =
  skipWithout(hasCupsQueue, `the CUPS queue ${QUEUE}`, 'run .ci/cups-setup as root') ||
  skipWithout(hasPdftoppm, "poppler's pdftoppm", 'apt-get install poppler-utils');

describe.skipIf(skip)(`the new sheet templates on ${QUEUE}${cupsSkipNote}`, () => {
  const suite = stationOnQueue('station-sheet-templates-');

  it.each([
    ['round-1in-32', 32],
    ['avery-22805', 24],
    ['avery-5160', 30],
    ['avery-l7160', 21],
  ])('%s: a sheet of %i labels, every code read within 0.5 mm of its label', async (templateId, count) => {
    const template = getTemplate(templateId)!;
    const set = await suite.t.unprintedSet(templateId);
    expect(set.qrCodes).toHaveLength(count);

    const outcome = await printSet(suite.deps(), { setId: set.id, printer: QUEUE });
    expect(outcome).toMatchObject({ pages: 1, labels: count, marked: true });
    expect(ippJobAttributes(Number(outcome.jobId.split('-').at(-1)))).toMatchObject({
      'job-state': 'completed',
      media: template.media,
    });

    const scan = await scanSheets(
      await waitForOutput(outcome.title),
      set.qrCodes.map((code) => code.value),
      DOMAIN,
      { column: 1, row: 1 },
      { xMm: 0, yMm: 0 },
      template,
    );
    expect(scan.pageSizes).toHaveLength(1);
    expect(scan.pageSizes[0][0]).toBeCloseTo(template.page.width, 0);
    expect(scan.pageSizes[0][1]).toBeCloseTo(template.page.height, 0);
    expect(scan.missing.concat(scan.unexpected)).toEqual([]);
    expect(scan.read).toHaveLength(count);
    expect(scan.maxErrorMm).toBeLessThanOrEqual(0.5);
  });
});
