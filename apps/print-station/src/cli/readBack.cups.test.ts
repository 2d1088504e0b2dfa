/**
 * `station read-back` on what CUPS printed: the cups-pdf output of a set, rasterised at 300 dpi,
 * one cell blanked, another cell's label pasted over a cell (a code printed twice), one label moved
 * 0.1 in to the right, then photographed 5° off square (a keystone: the top of the page farther
 * from the camera than the bottom), blurred and saved as JPEG quality 70. The command reports
 * exactly those three, with the shift's offset, and queues the blank's and the duplicate's codes
 * for reprint from the first free label after the set.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { avery4221, labelCentre } from '@homing/label-layout';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { skipWithout } from '../../../../packages/label-layout/test/ciTools';
import type { GrayImage } from '../../../../packages/label-layout/test/rasterDecode';
import { decodeAll, hasPdftoppm, rasterise } from '../../../../packages/label-layout/test/rasterDecode';
import { printSet } from '../core/printPipeline';
import { stationPaths } from '../core/stationHome';
import { hasCupsQueue, QUEUE, waitForOutput } from '../testing/cups';
import { EXIT, runCli } from './run';
import { stationOnQueue } from '../testing/queueSuite';
import { paste } from '../testing/sheetPhoto';

const DPI = 300;
const PX_PER_PT = DPI / 72;

const centre = (index: number) => {
  const point = labelCentre(avery4221, index % 8, Math.floor(index / 8));
  return { x: Math.round(point.x * PX_PER_PT), y: Math.round(point.y * PX_PER_PT) };
};

/**
 * The page seen by a camera tilted `degrees` about the page's horizontal centre line, from 1.2 page
 * heights away (pinhole): the top edge narrower than the bottom, rows closer together at the top.
 */
function keystone(image: GrayImage, degrees: number): GrayImage {
  const { width, height } = image;
  const [cx, cy] = [width / 2, height / 2];
  const distance = 1.2 * height;
  const [sin, cos] = [Math.sin((degrees * Math.PI) / 180), Math.cos((degrees * Math.PI) / 180)];
  const out = new Uint8Array(width * height).fill(255);
  for (let v = 0; v < height; v++) {
    const dv = v - cy;
    // Inverse of v = cy + Y·cos·d / (d + Y·sin): the page's Y for this image row.
    const y = (dv * distance) / (distance * cos - dv * sin);
    const depth = (distance + y * sin) / distance;
    const sy = cy + y;
    const y0 = Math.floor(sy);
    if (y0 < 0 || y0 + 1 >= height) continue;
    const fy = sy - y0;
    for (let u = 0; u < width; u++) {
      const sx = cx + (u - cx) * depth;
      const x0 = Math.floor(sx);
      if (x0 < 0 || x0 + 1 >= width) continue;
      const fx = sx - x0;
      const at = (x: number, yy: number) => image.gray[yy * width + x];
      out[v * width + u] = Math.round(
        (at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx) * (1 - fy) +
          (at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx) * fy,
      );
    }
  }
  return { width, height, gray: out };
}

describe.skipIf(
  skipWithout(hasCupsQueue, `the CUPS queue ${QUEUE}`, 'run .ci/cups-setup as root') ||
    skipWithout(hasPdftoppm, "poppler's pdftoppm", 'apt-get install poppler-utils'),
)('station read-back of a sheet CUPS printed', () => {
  const suite = stationOnQueue('station-read-back-');

  const station = async (argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(argv, {
      env: { HOMING_STATION_HOME: suite.home },
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    });
    return { code, stdout: out.join('\n'), stderr: err.join('\n') };
  };

  it('reports the blank cell, the code printed twice and the shifted label; queues the blank and the duplicate', async () => {
    const login = await station([
      'login',
      '--server',
      suite.t.server.url,
      '--identifier',
      suite.t.admin.email,
      '--password',
      suite.t.admin.password,
    ]);
    expect(login.code, login.stderr).toBe(EXIT.ok);
    const set = await suite.t.getSet((await suite.t.unprintedSet()).id);
    const codes = set.qrCodes.map((code) => code.value);
    const outcome = await printSet(suite.deps(), { setId: set.id, printer: QUEUE });
    const [page] = rasterise(await waitForOutput(outcome.title), DPI);

    const cell = avery4221.pitchX * PX_PER_PT * 0.96;
    paste(page, centre(20), null, cell); // column 5, row 3: blank
    paste(page, centre(3), centre(10), cell); // column 3, row 2 gets column 4, row 1's label
    const shifted = centre(45); // column 6, row 6: 0.1 in to the right
    paste(
      page,
      shifted,
      { x: shifted.x + 0.1 * DPI, y: shifted.y },
      avery4221.labelDiameter * PX_PER_PT * 1.02,
    );
    const scan = join(suite.home, 'scan.jpg');
    const photo = keystone(page, 5);
    await sharp(Buffer.from(photo.gray), { raw: { width: photo.width, height: photo.height, channels: 1 } })
      .blur(0.8)
      .jpeg({ quality: 70 })
      .toFile(scan);

    const read = await station(['read-back', '--set', set.id, '--scan', scan]);
    expect(read.code, read.stderr).toBe(EXIT.ok);
    const lines = read.stdout.split('\n');
    expect(lines.filter((line) => /^(unreadable|missing|duplicated|shifted|unexpected) /.test(line))).toEqual(
      [
        `missing     column 5, row 3  ${codes[20]}`,
        `duplicated  column 3, row 2  holds ${codes[3]} instead of ${codes[10]}`,
        expect.stringMatching(
          new RegExp(
            `^shifted     column 6, row 6  ${codes[45]}  x \\+2\\.[45]\\d mm, y [+-]0\\.[0-2]\\d mm$`,
          ),
        ),
      ],
    );
    // 80 codes fill the sheet: the reprint starts a new one.
    expect(codes).toHaveLength(80);
    expect(read.stdout).toContain(
      `Queued for reprint (same codes): ${codes[10]}, ${codes[20]}; from column 1, row 1`,
    );
    expect(read.stdout).toContain('A photo at an angle');
    expect(read.stdout).toContain('Read 78 labels in their cells.');
    const queued = readFileSync(stationPaths(suite.home).reprints, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(queued).toEqual([
      {
        time: expect.any(String),
        setId: set.id,
        setName: set.name,
        codes: [codes[10], codes[20]],
        startColumn: 1,
        startRow: 1,
      },
    ]);

    // The queue printed: exactly the two failed codes, from the first free label, the set not
    // marked again, the queue emptied.
    const reprint = await station(['reprint', '--printer', QUEUE]);
    expect(reprint.code, reprint.stderr).toBe(EXIT.ok);
    expect(reprint.stdout).toContain(`Reprinted ${codes[10]}, ${codes[20]} of set ${set.id}`);
    const history = readFileSync(stationPaths(suite.home).history, 'utf8').trim().split('\n');
    const { title } = JSON.parse(history.at(-1)!) as { title: string };
    const [sheet] = rasterise(await waitForOutput(title), DPI);
    const found = await decodeAll(sheet);
    expect(found.map((symbol) => symbol.text.split('/').at(-1))).toEqual([codes[10], codes[20]]);
    for (const [index, symbol] of found.entries()) {
      const expected = centre(index); // column 1 and column 2 of row 1
      expect(Math.hypot(symbol.x - expected.x, symbol.y - expected.y)).toBeLessThan(0.5 * (DPI / 25.4));
    }
    expect(readFileSync(stationPaths(suite.home).reprints, 'utf8')).toBe('');
    expect((await suite.t.getSet(set.id)).isPrinted).toBe(true);
  });
});
