/**
 * Label sheet rendering benchmark: `npm run bench:labels`.
 *
 * Renders 10 sheets (800 labels) and 100 sheets (8,000 labels) several times after a warm-up and
 * prints the median time, the file size, the time per sheet and how the time scales. Targets:
 * 10 sheets in under 200 ms and 300 KB; 100 sheets no more than 10 × the 10-sheet time (linear).
 * Timings are noisy on shared machines, so a miss is reported, not fatal, unless
 * BENCH_STRICT=1 is set. In the same run, beside one Avery 4221 sheet: one sheet of each other
 * sheet template and one roll job (80 labels on Brother DK-11218, one label per page).
 */
import os from 'node:os';
import type { LabelTemplate } from '@homing/label-layout';
import { avery22805, avery4221, avery5160, averyL7160, brotherDk11218 } from '@homing/label-layout';
import type { LabelCode } from '@homing/label-layout/pdf';
import { renderLabelSheetsPdf } from '@homing/label-layout/pdf';
import { CODE_ALPHABET as ALPHABET } from '@homing/shared/codes';
const LABELS_PER_SHEET = 80;

function codes(count: number): LabelCode[] {
  let state = 20250101;
  const next = (): number => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return Array.from({ length: count }, (_, i) => ({
    value: Array.from({ length: 10 }, () => ALPHABET[Math.floor(next() * ALPHABET.length)]).join(''),
    setName: `Set ${Math.floor(i / LABELS_PER_SHEET) + 1}`,
  }));
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

interface Result {
  readonly sheets: number;
  readonly medianMs: number;
  readonly minMs: number;
  /** CPU time of this process (all threads); less sensitive than wall time to a busy machine. */
  readonly medianCpuMs: number;
  readonly bytes: number;
}

async function measure(sheets: number, runs: number): Promise<Result> {
  const input = codes(sheets * LABELS_PER_SHEET);
  const times: number[] = [];
  const cpuTimes: number[] = [];
  let bytes = 0;
  for (let run = 0; run < runs; run++) {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const pdf = await renderLabelSheetsPdf({
      codes: input,
      domainName: 'homing.example',
      brandWord: 'homing',
    });
    times.push(performance.now() - started);
    const cpu = process.cpuUsage(cpuBefore);
    cpuTimes.push((cpu.user + cpu.system) / 1000);
    bytes = pdf.length;
  }
  return { sheets, medianMs: median(times), minMs: Math.min(...times), medianCpuMs: median(cpuTimes), bytes };
}

interface TemplateResult {
  readonly template: LabelTemplate;
  readonly labels: number;
  readonly pages: number;
  readonly medianMs: number;
  readonly medianCpuMs: number;
  readonly bytes: number;
}

/** One job of `labels` labels on `template`, timed as `measure` times the sheets. */
async function measureTemplate(
  template: LabelTemplate,
  labels: number,
  runs: number,
): Promise<TemplateResult> {
  const input = codes(labels);
  const times: number[] = [];
  const cpuTimes: number[] = [];
  let bytes = 0;
  for (let run = 0; run < runs; run++) {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const pdf = await renderLabelSheetsPdf({
      codes: input,
      template,
      domainName: 'homing.example',
      brandWord: 'homing',
    });
    times.push(performance.now() - started);
    const cpu = process.cpuUsage(cpuBefore);
    cpuTimes.push((cpu.user + cpu.system) / 1000);
    bytes = pdf.length;
  }
  const pages = Math.ceil(labels / template.labelsPerSheet);
  return { template, labels, pages, medianMs: median(times), medianCpuMs: median(cpuTimes), bytes };
}

const verdict = (ok: boolean): string => (ok ? 'PASS' : 'MISS');

async function main(): Promise<void> {
  console.log(`Label sheets benchmark (Node ${process.version}, ${process.platform}/${process.arch})`);
  await measure(10, 3); // warm-up: JIT, font metrics, QR tables

  const ten = await measure(10, 9);
  const hundred = await measure(100, 3);

  console.log('');
  console.log('sheets  labels  median ms  min ms  cpu ms        KB  ms/sheet');
  for (const r of [ten, hundred]) {
    console.log(
      [
        String(r.sheets).padStart(6),
        String(r.sheets * LABELS_PER_SHEET).padStart(7),
        r.medianMs.toFixed(1).padStart(10),
        r.minMs.toFixed(1).padStart(7),
        r.medianCpuMs.toFixed(1).padStart(7),
        (r.bytes / 1024).toFixed(1).padStart(9),
        (r.medianMs / r.sheets).toFixed(2).padStart(9),
      ].join(' '),
    );
  }

  // One sheet of each template beside Avery 4221, and one roll job of 80 labels.
  const jobs: [LabelTemplate, number][] = [
    [avery4221, avery4221.labelsPerSheet],
    [avery22805, avery22805.labelsPerSheet],
    [avery5160, avery5160.labelsPerSheet],
    [averyL7160, averyL7160.labelsPerSheet],
    [brotherDk11218, 80],
  ];
  for (const [template, labels] of jobs) await measureTemplate(template, labels, 2); // warm-up
  const perTemplate: TemplateResult[] = [];
  for (const [template, labels] of jobs) perTemplate.push(await measureTemplate(template, labels, 9));
  console.log('');
  console.log('template            medium  labels  pages  median ms  cpu ms     KB');
  for (const r of perTemplate) {
    console.log(
      [
        r.template.id.padEnd(18),
        r.template.medium.padStart(6),
        String(r.labels).padStart(7),
        String(r.pages).padStart(6),
        r.medianMs.toFixed(1).padStart(10),
        r.medianCpuMs.toFixed(1).padStart(7),
        (r.bytes / 1024).toFixed(1).padStart(6),
      ].join(' '),
    );
  }

  const ratio = hundred.medianMs / ten.medianMs;
  const cpuRatio = hundred.medianCpuMs / ten.medianCpuMs;
  const checks = [
    [`10 sheets in < 200 ms (median ${ten.medianMs.toFixed(1)} ms)`, ten.medianMs < 200],
    [`10 sheets in < 300 KB (${(ten.bytes / 1024).toFixed(1)} KB)`, ten.bytes < 300 * 1024],
    [
      `100 sheets ≤ 10 × 10 sheets (ratio ${ratio.toFixed(2)}; CPU time ratio ${cpuRatio.toFixed(2)})`,
      ratio <= 10,
    ],
  ] as const;
  console.log('');
  for (const [label, ok] of checks) console.log(`${verdict(ok)}  ${label}`);
  const load = os.loadavg()[0];
  if (load > os.availableParallelism()) {
    console.log(
      `note: load average ${load.toFixed(1)} on ${os.availableParallelism()} CPUs; wall times are inflated`,
    );
  }

  if (process.env.BENCH_STRICT === '1' && checks.some(([, ok]) => !ok)) process.exitCode = 1;
}

await main();
