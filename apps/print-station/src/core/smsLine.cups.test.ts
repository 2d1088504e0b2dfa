/**
 * The instance's SMS number on the station's labels (PRODUCT.md, Finders who text): main loads it from the server's
 * app configuration, as it does the codes and the domain, and the PDF cups-pdf wrote holds "or text
 * CODE to NUMBER" under every label with room for a sixth line (Avery 22805), and on the default
 * Avery 4221 "or text the code to" up the left of every symbol and the number down its right, off
 * the quiet zone and the edge, every code still read back by zxing-wasm and ZBar.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  getTemplate,
  labelContentLayout,
  labelMatrix,
  labelQrText,
  placeLabels,
  SMS_SIDE_WORDS,
  smsLineText,
} from '@homing/label-layout';
import { describe, expect, it } from 'vitest';
import { skipWithout } from '../../../../packages/label-layout/test/ciTools';
import { pdfWords } from '../../../../packages/label-layout/test/pdfWords';
import { quietZoneDarkest, rasterise } from '../../../../packages/label-layout/test/rasterDecode';
import { sideWords } from '../../../../packages/label-layout/test/smsSides';
import { hasZbarimg, zbarReadWindows } from '../../../../packages/label-layout/test/zbar';
import { cupsSkipNote, hasCupsQueue, QUEUE, waitForOutput } from '../testing/cups';
import { hasPdftoppm, scanSheets } from '../testing/labelScan';
import { DOMAIN } from '../testing/stationServer';
import { printSheets } from './printSheets';
import { stationSheetsJobSchema } from '../shared/ipc';
import { stationOnQueue } from '../testing/queueSuite';

const NUMBER = '+1 555 010 0199';
const skip =
  skipWithout(hasCupsQueue, `the CUPS queue ${QUEUE}`, 'run .ci/cups-setup as root') ||
  skipWithout(hasPdftoppm, "poppler's pdftoppm and pdftotext", 'apt-get install poppler-utils') ||
  skipWithout(hasZbarimg, 'zbarimg', 'apt-get install zbar-tools');

describe.skipIf(skip)(`the SMS line on ${QUEUE}${cupsSkipNote}`, () => {
  const suite = stationOnQueue('station-sms-line-', DOMAIN, {
    SMS_PUBLIC_NUMBER: NUMBER,
    SMS_INBOUND_SECRET: 'a-webhook-secret-of-16+',
  });
  /** The PDF's text as pdftotext reads it, line by line. */
  const pdfLines = (pdf: Uint8Array) => {
    const file = join(suite.home, `${Math.random().toString(36).slice(2)}.pdf`);
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).split('\n');
  };
  const pdfText = (pdf: Uint8Array) => pdfLines(pdf).join(' ').replace(/\s+/g, ' ');

  const print = async (templateId: string) => {
    const set = await suite.t.unprintedSet(templateId);
    const outcome = await printSheets(
      suite.deps(),
      stationSheetsJobSchema.parse({ kind: 'sets', setIds: [set.id] }),
      QUEUE,
    );
    expect(outcome).toMatchObject({ pages: 1, labels: set.qrCodes.length, marked: true });
    return { set, pdf: await waitForOutput(outcome.title) };
  };

  it('Avery 22805: every label printed says "or text CODE to +1 555 010 0199", and every code still reads', async () => {
    expect((await suite.t.api.getAppConfig()).smsNumber).toBe(NUMBER);
    const { set, pdf } = await print('avery-22805');
    const text = pdfText(pdf);
    const values = set.qrCodes.map((code) => code.value);
    for (const value of values) expect(text).toContain(smsLineText(value, NUMBER));
    const scan = await scanSheets(
      pdf,
      values,
      DOMAIN,
      { column: 1, row: 1 },
      { xMm: 0, yMm: 0 },
      getTemplate('avery-22805')!,
    );
    expect(scan.missing.concat(scan.unexpected)).toEqual([]);
    expect(scan.read).toHaveLength(values.length);
  });

  it('Avery 4221 (the default): every label printed says "or text the code to" up its left side and the number down its right, off the quiet zone and the edge, and every code still reads', async () => {
    const template = getTemplate('avery-4221')!;
    const { set, pdf } = await print(template.id);
    const values = set.qrCodes.map((code) => code.value);
    expect(values).toHaveLength(80);
    // pdftotext reads each turned line as a line of its own, once per label.
    const lines = pdfLines(pdf);
    expect(lines.filter((line) => line.trim() === SMS_SIDE_WORDS)).toHaveLength(80);
    expect(lines.filter((line) => line.trim() === NUMBER)).toHaveLength(80);

    // Per label, from the words' boxes: both lines whole, where they belong.
    const layout = labelContentLayout(template.labelDiameter, labelMatrix(DOMAIN, values[0]).size, {
      smsLine: 'sides',
    });
    const placements = placeLabels(values.length, template, { column: 1, row: 1 });
    const words = pdfWords(pdf)[0];
    const image = rasterise(pdf, 300)[0];
    const PX = 300 / 72;
    for (const p of placements) {
      expect(sideWords(words, p.centre, layout), values[p.codeIndex]).toEqual({
        left: SMS_SIDE_WORDS,
        right: NUMBER,
        problems: [],
      });
      expect(quietZoneDarkest(image, p.centre, layout.qr, PX)).toBeGreaterThan(200);
    }

    // Every code read back where the template puts it, by zxing-wasm and by ZBar.
    const scan = await scanSheets(pdf, values, DOMAIN, { column: 1, row: 1 }, { xMm: 0, yMm: 0 }, template);
    expect(scan.missing.concat(scan.unexpected)).toEqual([]);
    expect(scan.read).toHaveLength(80);
    const zbar = zbarReadWindows(
      image,
      placements.map((p) => ({
        left: (p.centre.x - template.pitchX / 2) * PX,
        top: (p.centre.y - template.pitchY / 2) * PX,
        size: template.pitchX * PX,
      })),
    );
    expect(zbar).toEqual(placements.map((p) => labelQrText(DOMAIN, values[p.codeIndex])));
  });
});
