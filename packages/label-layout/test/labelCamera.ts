/**
 * Node-only support for the shared phone-camera model (`../shared/label-camera`, beside the
 * repository): simulated phone photos of the first label of an Avery 4221 sheet (a pinhole camera
 * at the distance where the label spans N px, random roll and tilt, blur, light, damage, sensor
 * noise, JPEG), read with ZBar and zxing-wasm. Label decisions (symbol, quiet zone, type beside the
 * symbol) are made with it because nobody tuned a label to it. `npm run bench:label-read` and the
 * read-rate regression test call it; its seeds are fixed, so a PDF always meets the same photos.
 *
 * It needs python3 with numpy and PIL (Debian's python3-numpy, python3-pil; the first python3 on
 * PATH that has them, else /usr/bin/python3), poppler-utils and zbar-tools. LABEL_CAMERA_DIR names
 * another copy.
 */
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root (the camera's zxing reader resolves zxing-wasm from its node_modules). */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The model: LABEL_CAMERA_DIR, else `shared/label-camera` beside the repository or beside a folder above it. */
function findCamera(): string | null {
  if (process.env.LABEL_CAMERA_DIR) return resolve(process.env.LABEL_CAMERA_DIR);
  for (let dir = ROOT; dirname(dir) !== dir; dir = dirname(dir)) {
    const candidate = join(dirname(dir), 'shared', 'label-camera');
    if (existsSync(join(candidate, 'run.sh'))) return candidate;
  }
  return null;
}

export const CAMERA_DIR = findCamera();

/** The first python3 that imports numpy and PIL: the one on PATH, else Debian's. */
function findPython(): string | null {
  for (const python of ['python3', '/usr/bin/python3'])
    if (spawnSync(python, ['-c', 'import numpy, PIL']).status === 0)
      return python.includes('/') ? python : 'python3';
  return null;
}

const PYTHON = findPython();

/** Why the camera model cannot run here, or null when it can. */
export function cameraProblem(): string | null {
  if (!CAMERA_DIR || !existsSync(join(CAMERA_DIR, 'run.sh')))
    return 'the shared camera model (../shared/label-camera, or LABEL_CAMERA_DIR) is not there';
  if (!PYTHON) return 'no python3 with numpy and PIL (apt-get install python3-numpy python3-pil)';
  for (const tool of ['pdftoppm', 'zbarimg'])
    if (spawnSync(tool, ['-v']).error) return `${tool} is missing (apt-get install poppler-utils zbar-tools)`;
  return null;
}

/** Photos read of one condition, by each decoder, out of `n`. */
export interface ConditionReads {
  readonly zbar: number;
  readonly zxing: number;
  readonly n: number;
}

export interface CameraRun {
  /** The symbol's side without its quiet zone, in points (sizes the damage and the glare). */
  readonly symbolPt: number;
  /** One module, in points. */
  readonly modulePt: number;
  /** Photos per condition. */
  readonly photos: number;
  /** The model's condition names (`gen.py`'s `CONDS`, e.g. `res100`); all of them when absent. */
  readonly conditions?: readonly string[];
}

/**
 * The photos of the first label of `pdf` (an Avery 4221 sheet: label centre 0.75 in, 1 in) that
 * each decoder reads to the label's own URL, per condition, in the model's order. Several runs may
 * go at once (each is its own processes).
 */
export async function cameraReads(pdf: Uint8Array, run: CameraRun): Promise<Record<string, ConditionReads>> {
  const problem = cameraProblem();
  if (problem) throw new Error(problem);
  const dir = mkdtempSync(join(tmpdir(), 'homing-camera-'));
  try {
    writeFileSync(join(dir, 'labels.pdf'), pdf);
    const args = [
      join(CAMERA_DIR!, 'run.sh'),
      join(dir, 'labels.pdf'),
      join(dir, 'out'),
      String(run.symbolPt),
      String(run.modulePt),
      String(run.photos),
      ...(run.conditions ? [run.conditions.join(',')] : []),
    ];
    const path = PYTHON!.includes('/') ? `${dirname(PYTHON!)}:${process.env.PATH ?? ''}` : process.env.PATH;
    const stdout = await new Promise<string>((done, fail) =>
      execFile(
        'bash',
        args,
        { cwd: ROOT, env: { ...process.env, PATH: path }, maxBuffer: 16 * 1024 * 1024 },
        (error, out, err) => (error ? fail(new Error(`label-camera: ${error.message}\n${err}`)) : done(out)),
      ),
    );
    const last = stdout.trim().split('\n').pop() ?? '';
    return JSON.parse(last) as Record<string, ConditionReads>;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A mean over conditions, in per cent, of one decoder's reads. */
export function meanRate(reads: Record<string, ConditionReads>, decoder: 'zbar' | 'zxing'): number {
  const rates = Object.values(reads).map((cond) => (100 * cond[decoder]) / cond.n);
  return rates.reduce((sum, rate) => sum + rate, 0) / rates.length;
}
