/**
 * The label as it comes out of CUPS (cups-pdf), for the default domain and the longest one accepted (25 characters):
 * rasterised at 300 and 600 dpi, every code decodes with ZBar and with zxing-wasm; every printed
 * line is there in full (pdftotext: the set name, the brand word, the domain, on every label);
 * nothing is drawn within 0.5 mm of a label's edge.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultTemplate, labelQrText, mm, mmToPt, placeLabels } from '@homing/label-layout';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWithout } from '../../../../packages/label-layout/test/ciTools';
import {
  darkestNear,
  decodePage,
  hasPdftoppm,
  rasterise,
} from '../../../../packages/label-layout/test/rasterDecode';
import { hasZbarimg, zbarReadWindows } from '../../../../packages/label-layout/test/zbar';
import { hasCupsQueue, QUEUE, restartQueue, waitForOutput } from '../testing/cups';
import type { StationServer } from '../testing/stationServer';
import { startStationServer } from '../testing/stationServer';
import { CalibrationStore } from './calibration';
import { JobHistory } from './jobHistory';
import { printSet } from './printPipeline';
import { CupsSpooler } from './spooler';

const LONG_DOMAIN = 'labels.lost-found.example';

const pdfText = (pdf: Uint8Array): string => {
  const dir = mkdtempSync(join(tmpdir(), 'station-text-'));
  try {
    writeFileSync(join(dir, 'out.pdf'), pdf);
    return execFileSync('pdftotext', ['-raw', join(dir, 'out.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

describe.skipIf(
  skipWithout(hasCupsQueue, `the CUPS queue ${QUEUE}`, 'run .ci/cups-setup as root') ||
    skipWithout(hasPdftoppm, "poppler's pdftoppm", 'apt-get install poppler-utils') ||
    skipWithout(hasZbarimg, 'ZBar (zbarimg)', 'apt-get install zbar-tools'),
)('labels through CUPS, read back', () => {
  expect(LONG_DOMAIN).toHaveLength(25);

  for (const domain of ['homing.test', LONG_DOMAIN]) {
    describe(`on ${domain}`, () => {
      let t: StationServer;
      let home: string;
      let pdf: Uint8Array;
      let values: string[];
      let setName: string;

      beforeAll(async () => {
        restartQueue();
        t = await startStationServer(domain);
        home = mkdtempSync(join(tmpdir(), 'station-roundtrip-'));
        const set = await t.getSet((await t.unprintedSet()).id);
        values = set.qrCodes.map((code) => code.value);
        setName = set.name;
        const outcome = await printSet(
          {
            api: t.api,
            spooler: new CupsSpooler(),
            calibration: new CalibrationStore(join(home, 'calibration.json')),
            history: new JobHistory(join(home, 'history.jsonl')),
            pollMs: 100,
          },
          { setId: set.id, printer: QUEUE },
        );
        pdf = await waitForOutput(outcome.title);
      });
      afterAll(async () => {
        await t?.server.close();
        if (home) rmSync(home, { recursive: true, force: true });
      });

      for (const dpi of [300, 600]) {
        it(`every code decodes with ZBar and zxing-wasm at ${dpi} dpi, nothing within 0.5 mm of an edge`, async () => {
          const [page] = rasterise(pdf, dpi);
          const perPt = dpi / 72;
          const placements = placeLabels(values.length, defaultTemplate);
          const expected = placements.map((p) => ({
            text: labelQrText(domain, values[p.codeIndex]),
            x: p.centre.x * perPt,
            y: p.centre.y * perPt,
          }));
          const zxing = await decodePage(page, expected, defaultTemplate.pitchX * perPt);
          expect(zxing.map((symbol) => symbol.text).sort()).toEqual(expected.map((e) => e.text).sort());
          const side = defaultTemplate.labelDiameter * perPt;
          const zbar = zbarReadWindows(
            page,
            expected.map((e) => ({ left: e.x - side / 2, top: e.y - side / 2, size: side })),
          );
          expect(zbar).toEqual(expected.map((e) => e.text));
          // The ring from 0.5 mm inside each label's edge to 0.1 mm inside it stays white.
          const radius = (defaultTemplate.labelDiameter / 2) * perPt;
          const inset = (insetMm: number) => mmToPt(mm(insetMm)) * perPt;
          for (const e of expected)
            for (const insetMm of [0.15, 0.3, 0.45])
              for (let a = 0; a < 2 * Math.PI; a += 0.02) {
                const r = radius - inset(insetMm);
                expect(darkestNear(page, e.x + r * Math.cos(a), e.y + r * Math.sin(a), 0)).toBeGreaterThan(
                  200,
                );
              }
        });
      }

      it('prints every line in full on every label: set name, brand word, domain', () => {
        const text = pdfText(pdf);
        const count = (needle: string) => text.split(needle).length - 1;
        expect(count(setName)).toBe(values.length);
        expect(count(domain)).toBe(values.length);
        expect(count('homing')).toBeGreaterThanOrEqual(values.length);
        expect(text).not.toContain('…');
      });
    });
  }
});
