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
  labelContentLayout,
  labelQrText,
  LABEL_SYMBOL,
  qrMatrix,
} from '../packages/label-layout/src';
import { renderLabelSheetsPdf } from '../packages/label-layout/src/pdf';

const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 20);
const DOMAIN = process.env.BENCH_DOMAIN ?? 'homing.example';
// The instance's SMS number (SMS_PUBLIC_NUMBER), passed as the API passes it: Avery 4221 has no room
// for its line (the template's noSmsLine), so the label, and its read rate, must stay the same.
const SMS_NUMBER = process.env.BENCH_SMS_NUMBER ?? null;
const CODE = 'K7M2P9QX4T';
const URL_TEXT = labelQrText(DOMAIN, CODE);
const DPI = 600;

for (const tool of ['pdftoppm', 'zbarimg'])
  if (spawnSync(tool, ['-v']).error) {
    console.error(`${tool} is needed (apt-get install poppler-utils zbar-tools)`);
    process.exit(1);
  }
const hasGlabels = spawnSync('glabels-3-batch', ['--help']).error === undefined;

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

/** The first label of a PDF page (Avery 4221: centre 54, 72 pt, Ø 54 pt) as a 600 dpi PNG. */
function labelRaster(pdf: Uint8Array, name: string): Buffer {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  const px = (points: number) => Math.round((points / 72) * DPI);
  const out = join(dir, name);
  const result = spawnSync('pdftoppm', [
    ...['-r', String(DPI), '-gray', '-png', '-singlefile'],
    ...['-x', String(px(27)), '-y', String(px(45)), '-W', String(px(54)), '-H', String(px(54))],
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
): Promise<Buffer> {
  const rand = random(seed);
  const width = Math.round(condition.width * (0.95 + rand() * 0.1));
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
}

async function measure(subject: Subject): Promise<Map<string, { zbar: number; zxing: number }>> {
  const rates = new Map<string, { zbar: number; zxing: number }>();
  for (const [c, condition] of CONDITIONS.entries()) {
    const files: string[] = [];
    let zxing = 0;
    for (let i = 0; i < PHOTOS; i++) {
      const shot = await photo(subject.label, subject.symbolShare, condition, 1000 * c + i + 1);
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

const subjects: Subject[] = [];
for (const symbol of CHOICES) {
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
  const name = `${symbol.errorCorrection}, quiet zone ${symbol.quietZoneModules} (v${matrix.version}, ${((layout.qr.moduleSize / 72) * 25.4).toFixed(3)} mm modules)`;
  subjects.push({
    name,
    label: labelRaster(pdf, `choice-${symbol.errorCorrection}-${symbol.quietZoneModules}`),
    symbolShare: (layout.qr.size / avery4221.labelDiameter) ** 2,
  });
}

if (hasGlabels) {
  // gLabels' own QR (libqrencode) of the same URL, as large as today's symbol with its quiet zone.
  const current = qrMatrix(URL_TEXT, LABEL_SYMBOL.errorCorrection);
  const layout = labelContentLayout(avery4221.labelDiameter, current.size);
  const box = layout.qr.size + 2 * layout.qr.quietZone;
  const at = (avery4221.labelDiameter - box) / 2;
  const doc = `<?xml version="1.0"?>
<Glabels-document xmlns="http://glabels.org/xmlns/3.0/">
  <Template brand="Homing" part="bench" size="US-Letter" description="3/4 in round">
    <Meta category="label"/>
    <Label-round id="0" radius="27pt" waste="0pt">
      <Markup-margin size="0pt"/>
      <Layout nx="8" ny="10" x0="27pt" y0="45pt" dx="72pt" dy="72pt"/>
    </Label-round>
  </Template>
  <Objects id="0" rotate="False">
    <Object-barcode x="${at}pt" y="${at}pt" w="${box}pt" h="${box}pt" lock_aspect_ratio="False" backend="libqrencode" style="IEC18004" text="False" checksum="True" format_digits="10" color="0x000000ff" data="${URL_TEXT}" a0="1" a1="0" a2="0" a3="1" a4="0" a5="0"/>
  </Objects>
</Glabels-document>
`;
  writeFileSync(join(dir, 'glabels.glabels'), doc);
  const made = spawnSync('glabels-3-batch', ['-o', join(dir, 'glabels.pdf'), join(dir, 'glabels.glabels')]);
  if (made.status === 0)
    subjects.push({
      name: 'gLabels (libqrencode), same URL and box',
      label: labelRaster(readFileSync(join(dir, 'glabels.pdf')), 'glabels'),
      symbolShare: (layout.qr.size / avery4221.labelDiameter) ** 2,
    });
  else console.error(`glabels-3-batch failed: ${made.stderr.toString()}`);
} else console.error('glabels-3-batch is not installed (apt-get install glabels): no gLabels column');

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
