/**
 * npm run bench:label-read — how well a label's QR symbol reads from a phone photo, so
 * `LABEL_SYMBOL` (packages/label-layout) is chosen by measurement, with a camera nobody tuned the
 * label to: the shared phone-camera model (`../shared/label-camera`, called through
 * `packages/label-layout/test/labelCamera.ts`). Each choice of error correction level and quiet
 * zone is rendered as the station prints it (an Avery 4221 sheet, `renderLabelSheetsPdf`, every
 * line of the label) and put through every condition the model lists (label 300…50 px wide, blur,
 * tilt, JPEG, lighting, scratches and blots, handheld photos), the same seeded photos for every
 * choice; ZBar and zxing-wasm read them. When `glabels-3-batch` is installed (Debian's glabels),
 * gLabels' own QR (libqrencode) of the same URL drawn in the square our symbol takes, on a label
 * without text, is measured beside them (its quiet zone is the empty label).
 *
 * BENCH_PHOTOS (default 20) photos per condition; BENCH_CONDITIONS a comma-separated subset of the
 * model's conditions (e.g. `res100,gradient_100`); BENCH_CHOICES=M2,Q4 only those choices (level
 * and quiet zone); BENCH_SMS_NUMBER the instance's number, printed beside the symbol as the API
 * passes it; BENCH_JOBS (default 2) camera runs at once.
 *
 * BENCH_TEMPLATE=all (or a comma-separated list of template ids) measures the current symbol
 * (`LABEL_SYMBOL`) on each template instead, with the in-house camera below (the shared model
 * photographs the first Avery 4221 label only): the first label of a sheet (a roll's one label),
 * the largest square centred on it, photographed from the same distance as the 3/4 in label (its
 * "N px wide" is N px per 3/4 in, so modules keep their physical size). A template meets the
 * acceptance when zxing-wasm reads ≥ 95 % at 100 px per 3/4 in (PRODUCT.md, Printing: target), as
 * the template's `qrReadNote` records when it does not.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { OverlayOptions } from 'sharp';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import type { LabelSymbol } from '../packages/label-layout/src';
import {
  avery4221,
  getTemplate,
  labelCentre,
  labelContentLayout,
  labelMatrix,
  templates,
  labelQrText,
  LABEL_SYMBOL,
  ptToMm,
  qrMatrix,
} from '../packages/label-layout/src';
import { renderLabelSheetsPdf } from '../packages/label-layout/src/pdf';
import type { ConditionReads } from '../packages/label-layout/test/labelCamera';
import { cameraProblem, cameraReads } from '../packages/label-layout/test/labelCamera';
import { glabelsQrPdf, hasGlabels } from './glabelsQr';

const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 20);
const DOMAIN = process.env.BENCH_DOMAIN ?? 'homing.example';
// The instance's SMS number (SMS_PUBLIC_NUMBER), passed as the API passes it, to the choices and to
// BENCH_TEMPLATE's labels: on Avery 4221 and every other round label it goes beside the symbol ("or
// text the code to" up the left, the number down the right), which leaves the symbol as it is;
// this measures whether the text beside its quiet zone costs any reads.
const SMS_NUMBER = process.env.BENCH_SMS_NUMBER ?? null;
const CODE = 'K7M2P9QX4T';
const URL_TEXT = labelQrText(DOMAIN, CODE);
const DPI = 600;
const TEMPLATE_ENV = process.env.BENCH_TEMPLATE?.trim();
const benchTemplates = !TEMPLATE_ENV
  ? null
  : TEMPLATE_ENV === 'all'
    ? templates
    : TEMPLATE_ENV.split(',').map((id) => {
        const template = getTemplate(id.trim());
        if (!template) {
          console.error(`Unknown template ${id} (known: ${templates.map((t) => t.id).join(', ')})`);
          process.exit(1);
        }
        return template;
      });
/** The 3/4 in label's side, in points: the photos' "N px wide" is per this many points. */
const REFERENCE_SIDE = 54;

for (const tool of ['pdftoppm', 'zbarimg'])
  if (spawnSync(tool, ['-v']).error) {
    console.error(`${tool} is needed (apt-get install poppler-utils zbar-tools)`);
    process.exit(1);
  }

const dir = mkdtempSync(join(tmpdir(), 'bench-label-read-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

/** A seeded random source, so every choice meets the same photos. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A square of a PDF page as a 600 dpi PNG: by default the first Avery 4221 label (centre 54, 72 pt,
 * Ø 54 pt).
 */
function labelRaster(pdf: Uint8Array, name: string, crop = { x: 27, y: 45, side: 54 }): Buffer {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  const px = (points: number) => Math.round((points / 72) * DPI);
  const out = join(dir, name);
  const result = spawnSync('pdftoppm', [
    ...['-r', String(DPI), '-gray', '-png', '-singlefile'],
    ...[
      '-x',
      String(px(crop.x)),
      '-y',
      String(px(crop.y)),
      '-W',
      String(px(crop.side)),
      '-H',
      String(px(crop.side)),
    ],
    file,
    out,
  ]);
  if (result.status !== 0) throw new Error(`pdftoppm: ${result.stderr.toString()}`);
  return readFileSync(`${out}.png`);
}

interface Condition {
  readonly name: string;
  readonly width: number;
  readonly blur?: number;
  readonly tilt?: number;
  readonly jpeg?: number;
  readonly gradient?: boolean;
  /** Share of the symbol's area covered by dark blots. */
  readonly blot?: number;
  readonly scratches?: boolean;
}

const CONDITIONS: Condition[] = [
  { name: 'label 200 px wide', width: 200 },
  { name: 'label 150 px wide', width: 150 },
  { name: 'label 100 px wide', width: 100 },
  { name: 'label 70 px wide', width: 70 },
  { name: 'blur σ 1 px at 150 px', width: 150, blur: 1 },
  { name: 'tilt 40° at 150 px', width: 150, tilt: 40 },
  { name: 'JPEG q10 at 150 px', width: 150, jpeg: 10 },
  { name: 'light gradient at 100 px', width: 100, gradient: true },
  { name: 'blots over 5 % at 150 px', width: 150, blot: 0.05 },
  { name: 'blots over 10 % at 150 px', width: 150, blot: 0.1 },
  { name: 'blots over 15 % at 150 px', width: 150, blot: 0.15 },
  { name: 'thin scratches at 150 px', width: 150, scratches: true },
];

/** One simulated photo of the label: the raster, degraded, on a light background. */
async function photo(
  label: Buffer,
  symbolShare: number,
  condition: Condition,
  seed: number,
  scale = 1,
): Promise<Buffer> {
  const rand = random(seed);
  const width = Math.round(condition.width * scale * (0.95 + rand() * 0.1));
  const angle = (rand() - 0.5) * 10;
  let image = sharp(label).resize(width, width, { kernel: 'lanczos3' });
  if (condition.tilt) {
    // Seen at an angle: narrower across, and a slight shear for the perspective.
    const squeeze = Math.cos((condition.tilt * Math.PI) / 180);
    image = sharp(await image.toBuffer())
      .resize(Math.round(width * squeeze), width, { fit: 'fill' })
      .affine([1, 0, 0.08, 1], { background: '#ffffff' });
  }
  image = sharp(await image.toBuffer()).rotate(angle, { background: '#ffffff' });
  let base = await image.png().toBuffer();
  const { width: w = width, height: h = width } = await sharp(base).metadata();
  const overlays: OverlayOptions[] = [];
  const symbolSide = w * Math.sqrt(symbolShare);
  if (condition.blot) {
    // Dark round blots (ink, dirt) over the given share of the symbol's area, somewhere on it.
    const count = 3;
    const r = Math.sqrt((condition.blot * symbolSide * symbolSide) / count / Math.PI);
    const circles = Array.from({ length: count }, () => {
      const cx = w / 2 + (rand() - 0.5) * symbolSide * 0.8;
      const cy = h / 2 + (rand() - 0.5) * symbolSide * 0.8;
      return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#202020"/>`;
    });
    overlays.push({ input: Buffer.from(`<svg width="${w}" height="${h}">${circles.join('')}</svg>`) });
  }
  if (condition.scratches) {
    const lines = Array.from({ length: 4 }, () => {
      const [x1, y1, x2, y2] = [rand() * w, 0, rand() * w, h];
      const colour = rand() < 0.5 ? '#ffffff' : '#303030';
      return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${colour}" stroke-width="1"/>`;
    });
    overlays.push({ input: Buffer.from(`<svg width="${w}" height="${h}">${lines.join('')}</svg>`) });
  }
  if (overlays.length) base = await sharp(base).composite(overlays).png().toBuffer();
  // The photo: the label on a light grey table, with room around it.
  const canvas = Math.round(w * 1.6);
  let shot = sharp({
    create: { width: canvas, height: Math.round(h * 1.6), channels: 3, background: '#d8d8d8' },
  }).composite([
    {
      input: base,
      left: Math.round((canvas - w) / 2 + (rand() - 0.5) * w * 0.2),
      top: Math.round((h * 1.6 - h) / 2 + (rand() - 0.5) * h * 0.2),
    },
  ]);
  let shotBuffer = await shot.png().toBuffer();
  if (condition.gradient) {
    // Light falling off across the label: from full to a third.
    const svg = `<svg width="${canvas}" height="${Math.round(h * 1.6)}"><defs><linearGradient id="g" x1="0" x2="1" y1="0" y2="0.3"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#555555"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`;
    shotBuffer = await sharp(shotBuffer)
      .composite([{ input: Buffer.from(svg), blend: 'multiply' }])
      .png()
      .toBuffer();
  }
  shot = sharp(shotBuffer).grayscale();
  if (condition.blur) shot = shot.blur(Math.max(0.3, condition.blur));
  return condition.jpeg ? shot.jpeg({ quality: condition.jpeg }).toBuffer() : shot.png().toBuffer();
}

// zxing-wasm: its WebAssembly from node_modules (by default it would fetch it from a CDN).
const require = createRequire(import.meta.url);
await prepareZXingModule({
  overrides: {
    wasmBinary: new Uint8Array(readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'))).buffer,
  },
  fireImmediately: true,
});

async function zxingReads(file: Buffer): Promise<boolean> {
  const results = await readBarcodes(new Uint8Array(file), { formats: ['QRCode'], tryHarder: true });
  return results.some((result) => result.text.toUpperCase() === URL_TEXT);
}

function zbarReads(files: readonly string[]): boolean[] {
  const result = spawnSync('zbarimg', ['-q', '-Sdisable', '-Sqrcode.enable', '--xml', ...files], {
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  const read = new Set<string>();
  for (const [, href, body] of result.stdout.matchAll(/<source href='([^']+)'>([\s\S]*?)<\/source>/g))
    if (body.toUpperCase().includes(URL_TEXT)) read.add(href);
  return files.map((file) => read.has(file));
}

interface Subject {
  readonly name: string;
  readonly label: Buffer;
  /** The symbol's share of the label's square (for sizing blots). */
  readonly symbolShare: number;
  /** The raster's side against the 3/4 in label's (photos keep the physical scale). */
  readonly scale?: number;
}

async function measure(subject: Subject): Promise<Map<string, { zbar: number; zxing: number }>> {
  const rates = new Map<string, { zbar: number; zxing: number }>();
  for (const [c, condition] of CONDITIONS.entries()) {
    const files: string[] = [];
    let zxing = 0;
    for (let i = 0; i < PHOTOS; i++) {
      const shot = await photo(
        subject.label,
        subject.symbolShare,
        condition,
        1000 * c + i + 1,
        subject.scale,
      );
      const file = join(
        dir,
        `${subject.name.replace(/\W+/g, '-')}-${c}-${i}.${condition.jpeg ? 'jpg' : 'png'}`,
      );
      writeFileSync(file, shot);
      files.push(file);
      if (await zxingReads(shot)) zxing++;
    }
    const zbar = zbarReads(files).filter(Boolean).length;
    rates.set(condition.name, { zbar: (100 * zbar) / PHOTOS, zxing: (100 * zxing) / PHOTOS });
  }
  return rates;
}

/** Prints one row a condition, one column a subject: "ZBar / zxing-wasm %", then the means. */
function printTable(
  names: readonly string[],
  conditions: readonly { readonly key: string; readonly label: string }[],
  rate: (subject: number, condition: string) => { zbar: number; zxing: number },
): void {
  const header = ['condition', ...names];
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map(() => '---').join('|')}|`);
  for (const { key, label } of conditions) {
    const cells = names.map((_, s) => {
      const { zbar, zxing } = rate(s, key);
      return `${Math.round(zbar)} / ${Math.round(zxing)} %`;
    });
    console.log(`| ${label} | ${cells.join(' | ')} |`);
  }
  const means = names.map((_, s) => {
    const mean = (pick: (r: { zbar: number; zxing: number }) => number) =>
      conditions.reduce((sum, { key }) => sum + pick(rate(s, key)), 0) / conditions.length;
    return `${Math.round(mean((r) => r.zbar))} / ${Math.round(mean((r) => r.zxing))} %`;
  });
  console.log(`| mean over conditions | ${means.join(' | ')} |`);
}

if (benchTemplates) {
  // Every template, the current symbol, the in-house camera.
  const subjects: Subject[] = [];
  for (const template of benchTemplates) {
    // The current symbol on this template: its first label, the largest square centred on it.
    const current = labelMatrix(DOMAIN, CODE);
    const layout = labelContentLayout(template.labelDiameter, current.size);
    const side = Math.min(template.label.width, template.label.height);
    const centre = labelCentre(template, 0, 0);
    const pdf = await renderLabelSheetsPdf({
      codes: [{ value: CODE, setName: 'Set 11-26-2026 #1' }],
      template,
      domainName: DOMAIN,
      brandWord: 'homing',
      smsNumber: SMS_NUMBER,
    });
    subjects.push({
      name: `${template.id} (v${current.version}, ${((layout.qr.moduleSize / 72) * 25.4).toFixed(3)} mm modules)${SMS_NUMBER ? ', SMS number' : ''}`,
      label: labelRaster(pdf, `template-${template.id}`, {
        x: centre.x - side / 2,
        y: centre.y - side / 2,
        side,
      }),
      symbolShare: (layout.qr.size / side) ** 2,
      scale: side / REFERENCE_SIDE,
    });
  }
  console.log(`Read rate, ZBar / zxing-wasm, ${PHOTOS} in-house photos per condition; ${URL_TEXT}`);
  const results: Map<string, { zbar: number; zxing: number }>[] = [];
  for (const subject of subjects) {
    results.push(await measure(subject));
    console.error(`measured ${subject.name}`);
  }
  printTable(
    subjects.map((subject) => subject.name),
    CONDITIONS.map(({ name }) => ({ key: name, label: name })),
    (s, key) => results[s].get(key)!,
  );
  // The floor (PRODUCT.md, Printing): zxing-wasm reads ≥ 95 % at 100 px (per 3/4 in).
  const accepted = results.map((rates) => {
    const rate = rates.get('label 100 px wide')!;
    return `${rate.zxing >= 95 ? 'yes' : 'no'} (${Math.round(rate.zxing)} %)`;
  });
  console.log(`| zxing ≥ 95 % at 100 px | ${accepted.join(' | ')} |`);
  process.exit(0);
}

// The symbol choices on Avery 4221, the shared camera model. The current symbol first.
const problem = cameraProblem();
if (problem) {
  console.error(`The shared camera model cannot run: ${problem}`);
  process.exit(1);
}
const CHOICES: LabelSymbol[] = [
  LABEL_SYMBOL,
  ...(
    [
      { errorCorrection: 'M', quietZoneModules: 2 },
      { errorCorrection: 'L', quietZoneModules: 2 },
      { errorCorrection: 'M', quietZoneModules: 3 },
      { errorCorrection: 'Q', quietZoneModules: 2 },
      { errorCorrection: 'Q', quietZoneModules: 3 },
      { errorCorrection: 'Q', quietZoneModules: 4 },
    ] as const
  ).filter(
    (choice) =>
      choice.errorCorrection !== LABEL_SYMBOL.errorCorrection ||
      choice.quietZoneModules !== LABEL_SYMBOL.quietZoneModules,
  ),
];
const only = process.env.BENCH_CHOICES?.split(',').map((choice) => choice.trim());
const MODEL_CONDITIONS = process.env.BENCH_CONDITIONS?.split(',').map((name) => name.trim());
const JOBS = Math.max(1, Number(process.env.BENCH_JOBS ?? 2));

interface CameraSubject {
  readonly name: string;
  readonly pdf: Uint8Array;
  readonly symbolPt: number;
  readonly modulePt: number;
}
const cameraSubjects: CameraSubject[] = [];
for (const symbol of CHOICES.filter(
  (choice) => !only || only.includes(`${choice.errorCorrection}${choice.quietZoneModules}`),
)) {
  const matrix = qrMatrix(URL_TEXT, symbol.errorCorrection);
  const layout = labelContentLayout(avery4221.labelDiameter, matrix.size, {
    quietZoneModules: symbol.quietZoneModules,
  });
  const current = symbol === LABEL_SYMBOL ? '**' : '';
  cameraSubjects.push({
    name: `${current}${symbol.errorCorrection}, QZ ${symbol.quietZoneModules} (v${matrix.version}, ${ptToMm(layout.qr.moduleSize).toFixed(3)} mm)${current}${SMS_NUMBER ? ', SMS number' : ''}`,
    pdf: await renderLabelSheetsPdf({
      codes: [{ value: CODE, setName: 'Set 11-26-2026 #1' }],
      domainName: DOMAIN,
      brandWord: 'homing',
      symbol,
      smsNumber: SMS_NUMBER,
    }),
    symbolPt: layout.qr.size,
    modulePt: layout.qr.moduleSize,
  });
}
if (hasGlabels) {
  // gLabels' own QR (libqrencode, level M: version 2 for this URL, like ours) in the square our
  // symbol takes without its quiet zone, on a label without text; its quiet zone is the empty label.
  const current = qrMatrix(URL_TEXT, LABEL_SYMBOL.errorCorrection);
  const { qr } = labelContentLayout(avery4221.labelDiameter, current.size);
  const pdf = glabelsQrPdf(dir, 'glabels', URL_TEXT, qr.size);
  if (pdf)
    cameraSubjects.push({
      name: 'gLabels, in our symbol square',
      pdf,
      symbolPt: qr.size,
      modulePt: qr.size / qrMatrix(URL_TEXT, 'M').size,
    });
} else console.error('glabels-3-batch is not installed (apt-get install glabels): no gLabels column');

console.log(
  `Read rate, ZBar / zxing-wasm, the shared camera model (../shared/label-camera), ${PHOTOS} photos per condition; ${URL_TEXT}`,
);
const reads: Record<string, ConditionReads>[] = new Array(cameraSubjects.length);
let next = 0;
await Promise.all(
  Array.from({ length: Math.min(JOBS, cameraSubjects.length) }, async () => {
    for (let s = next++; s < cameraSubjects.length; s = next++) {
      const subject = cameraSubjects[s];
      const started = Date.now();
      reads[s] = await cameraReads(subject.pdf, {
        symbolPt: subject.symbolPt,
        modulePt: subject.modulePt,
        photos: PHOTOS,
        conditions: MODEL_CONDITIONS,
      });
      console.error(`measured ${subject.name} (${Math.round((Date.now() - started) / 1000)} s)`);
    }
  }),
);
const conditionNames = Object.keys(reads[0]);
const percent = (s: number, key: string) => {
  const { zbar, zxing, n } = reads[s][key];
  return { zbar: (100 * zbar) / n, zxing: (100 * zxing) / n };
};
printTable(
  cameraSubjects.map((subject) => subject.name),
  conditionNames.map((key) => ({ key, label: key })),
  percent,
);

// The target for the current symbol (the first column): at or above gLabels in every condition
// with both decoders, within the noise of n photos (two standard errors of the difference of two
// read rates), and zxing-wasm ≥ 95 % at 100 px.
const glabels = cameraSubjects.findIndex((subject) => subject.name.startsWith('gLabels'));
if (cameraSubjects[0].name.startsWith('**') && glabels > 0) {
  for (const decoder of ['zbar', 'zxing'] as const) {
    const below = conditionNames.filter((key) => percent(0, key)[decoder] < percent(glabels, key)[decoder]);
    const beyond = below.filter((key) => {
      const [a, b] = [percent(0, key)[decoder] / 100, percent(glabels, key)[decoder] / 100];
      const se = Math.sqrt((a * (1 - a) + b * (1 - b)) / PHOTOS);
      return b - a > 2 * Math.max(se, 1 / PHOTOS);
    });
    console.log(
      `${decoder === 'zbar' ? 'ZBar' : 'zxing-wasm'}: below gLabels in ${below.length} of ${conditionNames.length} conditions` +
        `${below.length ? ` (${below.join(', ')})` : ''}; beyond the noise of ${PHOTOS} photos in ${beyond.length}` +
        `${beyond.length ? ` (${beyond.join(', ')})` : ''}`,
    );
  }
}
if (reads[0].res100)
  console.log(`zxing-wasm at 100 px: ${Math.round(percent(0, 'res100').zxing)} % (target ≥ 95 %)`);
