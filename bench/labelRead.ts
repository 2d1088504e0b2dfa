/**
 * npm run bench:label-read — how well a label's QR symbol reads from a phone photo, per symbol
 * choice (error correction level, quiet zone), so `LABEL_SYMBOL` (packages/label-layout) is chosen
 * by measurement. Each choice is rendered as the station prints it (one Avery 4221 label,
 * `renderLabelSheetsPdf`), rasterised at 600 dpi with pdftoppm, then turned into simulated phone
 * photos with sharp: the label scaled to 200/150/100/70 px across, blur, a 40° tilt
 * (foreshortening and shear), JPEG quality 10, a light gradient, dark blots over 5/10/15 % of the
 * symbol, thin scratches. Every photo has its own small random rotation, offset and scale, the same
 * for every choice (seeded). Read with ZBar (`zbarimg`, zbar-tools) and zxing-wasm (its .wasm from
 * node_modules); a read counts when the text is the label's URL. When `glabels-3-batch` is
 * installed (Debian's glabels), a gLabels-rendered QR of the same URL, the size of the current
 * symbol with its quiet zone, on the same label, is measured beside them.
 *
 * BENCH_PHOTOS (default 20) photos per condition.
 *
 * BENCH_TEMPLATE=all (or a comma-separated list of template ids) measures the current symbol
 * (`LABEL_SYMBOL`) on each template instead of the symbol choices: the first label of a sheet (a
 * roll's one label), the largest square centred on it, photographed from the same distance as the
 * 3/4 in label (its "N px wide" is N px per 3/4 in, so modules keep their physical size). A
 * template meets the acceptance when zxing-wasm reads ≥ 95 % at 100 px per 3/4 in (PRODUCT.md, Printing:
 * target), as the template's `qrReadNote` records when it does not.
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
  templates,
  labelQrText,
  LABEL_SYMBOL,
  qrMatrix,
} from '../packages/label-layout/src';
import { renderLabelSheetsPdf } from '../packages/label-layout/src/pdf';
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

const CHOICES: LabelSymbol[] = [
  { errorCorrection: 'M', quietZoneModules: 2 },
  { errorCorrection: 'L', quietZoneModules: 4 },
  { errorCorrection: 'M', quietZoneModules: 4 },
  { errorCorrection: 'Q', quietZoneModules: 4 },
  { errorCorrection: 'H', quietZoneModules: 4 },
];

// BENCH_CHOICES=Q4,M2 measures only those choices (level and quiet zone), to save time.
const only = process.env.BENCH_CHOICES?.split(',');
const subjects: Subject[] = [];
for (const template of benchTemplates ?? []) {
  // The current symbol on this template: its first label, the largest square centred on it.
  const current = qrMatrix(URL_TEXT, LABEL_SYMBOL.errorCorrection);
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
for (const symbol of (benchTemplates ? [] : CHOICES).filter(
  (choice) => !only || only.includes(`${choice.errorCorrection}${choice.quietZoneModules}`),
)) {
  const matrix = qrMatrix(URL_TEXT, symbol.errorCorrection);
  const layout = labelContentLayout(avery4221.labelDiameter, matrix.size, {
    quietZoneModules: symbol.quietZoneModules,
  });
  const pdf = await renderLabelSheetsPdf({
    codes: [{ value: CODE, setName: 'Set 11-26-2026 #1' }],
    domainName: DOMAIN,
    brandWord: 'homing',
    symbol,
    smsNumber: SMS_NUMBER,
  });
  const name = `${symbol.errorCorrection}, quiet zone ${symbol.quietZoneModules} (v${matrix.version}, ${((layout.qr.moduleSize / 72) * 25.4).toFixed(3)} mm modules)${SMS_NUMBER ? ', SMS number beside it' : ''}`;
  subjects.push({
    name,
    label: labelRaster(pdf, `choice-${symbol.errorCorrection}-${symbol.quietZoneModules}`),
    symbolShare: (layout.qr.size / avery4221.labelDiameter) ** 2,
  });
}

if (hasGlabels && !benchTemplates) {
  // gLabels' own QR (libqrencode) of the same URL, on a label without text: drawn once filling the
  // box today's symbol takes with its quiet zone (its quiet zone is then the empty label), and once
  // in the square today's symbol itself takes, so its 4-module margin is inside the same box
  // (same geometry as ours: what is left between the two is the symbol, not the layout).
  const current = qrMatrix(URL_TEXT, LABEL_SYMBOL.errorCorrection);
  const layout = labelContentLayout(avery4221.labelDiameter, current.size);
  const boxes = [
    { name: 'gLabels (libqrencode), same URL and box', side: layout.qr.size + 2 * layout.qr.quietZone },
    { name: 'gLabels, in our symbol square', side: layout.qr.size },
  ];
  for (const [index, { name, side }] of boxes.entries()) {
    const pdf = glabelsQrPdf(dir, `glabels-${index}`, URL_TEXT, side);
    if (pdf)
      subjects.push({
        name,
        label: labelRaster(pdf, `glabels-${index}`),
        symbolShare: (side / avery4221.labelDiameter) ** 2,
      });
  }
} else if (!hasGlabels)
  console.error('glabels-3-batch is not installed (apt-get install glabels): no gLabels column');

console.log(`Read rate, ZBar / zxing-wasm, ${PHOTOS} simulated photos per condition; ${URL_TEXT}`);
const results = new Map<string, Map<string, { zbar: number; zxing: number }>>();
for (const subject of subjects) {
  results.set(subject.name, await measure(subject));
  console.error(`measured ${subject.name}`);
}
const header = ['condition', ...subjects.map((subject) => subject.name)];
console.log(`| ${header.join(' | ')} |`);
console.log(`|${header.map(() => '---').join('|')}|`);
for (const condition of CONDITIONS) {
  const cells = subjects.map((subject) => {
    const rate = results.get(subject.name)!.get(condition.name)!;
    return `${Math.round(rate.zbar)} / ${Math.round(rate.zxing)} %`;
  });
  console.log(`| ${condition.name} | ${cells.join(' | ')} |`);
}
const means = subjects.map((subject) => {
  const rates = [...results.get(subject.name)!.values()];
  const mean = (pick: (rate: { zbar: number; zxing: number }) => number) =>
    rates.reduce((sum, rate) => sum + pick(rate), 0) / rates.length;
  return `${Math.round(mean((rate) => rate.zbar))} / ${Math.round(mean((rate) => rate.zxing))} %`;
});
console.log(`| mean over conditions | ${means.join(' | ')} |`);
if (benchTemplates) {
  // The floor (PRODUCT.md, Printing): zxing-wasm reads ≥ 95 % at 100 px (per 3/4 in).
  const accepted = subjects.map((subject) => {
    const rate = results.get(subject.name)!.get('label 100 px wide')!;
    return `${rate.zxing >= 95 ? 'yes' : 'no'} (${Math.round(rate.zxing)} %)`;
  });
  console.log(`| zxing ≥ 95 % at 100 px | ${accepted.join(' | ')} |`);
}
