import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import type { QrMatrix } from './matrix';
import { forEachDarkRun, labelQrText, labelUrl, qrMatrix, qrSvgPath } from './matrix';

// Code values come from an alphabet without look-alikes (DESIGN.md); digits included.
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

function values(count: number, seed = 7): string[] {
  let state = seed;
  const next = (): number => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return Array.from({ length: count }, (_, i) =>
    Array.from({ length: 8 + (i % 25) }, () => ALPHABET[Math.floor(next() * ALPHABET.length)]).join(''),
  );
}

describe('label URL', () => {
  it('points at /qr/{value} and is encoded upper-cased', () => {
    expect(labelUrl('homing.example', 'ab3DE')).toBe('https://homing.example/qr/ab3DE');
    expect(labelQrText('homing.example', 'ab3DE')).toBe('HTTPS://HOMING.EXAMPLE/QR/AB3DE');
  });

  it('upper case makes a smaller symbol: alphanumeric mode', () => {
    const text = labelQrText('homing.example', 'K7M2P9QX4T');
    const reference = QRCode.create(text, { errorCorrectionLevel: 'M' });
    expect(reference.segments.map((segment) => segment.mode.id)).toEqual(['Alphanumeric']);
    expect(qrMatrix(text)).toMatchObject({ version: 2, size: 25 });
    expect(qrMatrix(text.toLowerCase()).version).toBe(3);
  });
});

describe('qrMatrix', () => {
  const same = (text: string): void => {
    const ours = qrMatrix(text);
    const reference = QRCode.create(text, { errorCorrectionLevel: 'M' });
    expect({ version: ours.version, mask: ours.maskPattern }, text).toEqual({
      version: reference.version,
      mask: reference.maskPattern,
    });
    expect(Array.from(ours.modules), text).toEqual(Array.from(reference.modules.data));
  };

  it('builds exactly the symbol qrcode builds (level M, smallest version, its mask choice)', () => {
    const domains = [
      'homing.example',
      'localhost:3000',
      '192.168.20.4:3000',
      'labels.some-longer-domain.example.com',
    ];
    values(400).forEach((value, i) => same(labelQrText(domains[i % domains.length], value)));
  });

  it('still matches where numeric runs or other characters change the segmentation', () => {
    same('HTTPS://HOMING.EXAMPLE/QR/AB12345678901234CD');
    same('HTTPS://HOMING.EXAMPLE/QR/123456');
    same('https://homing.example/qr/lower-case');
    same('HTTPS://HOMING.EXAMPLE/QR/A_B');
  });

  it('grows the version with the text', () => {
    expect(qrMatrix(labelQrText('homing.example', 'ABCDEFGHJKMNPQRSTUVWXYZ23456789')).version).toBe(3);
    expect(qrMatrix('X'.repeat(200)).size).toBe(qrMatrix('X'.repeat(200)).version * 4 + 17);
  });
});

function fromPath(d: string, size: number): Uint8Array {
  const modules = new Uint8Array(size * size);
  for (const [, x, y, w, back] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-(\d+)z/g)) {
    expect(back).toBe(w);
    for (let i = 0; i < Number(w); i++) modules[Number(y) * size + Number(x) + i] += 1;
  }
  return modules;
}

describe('qrSvgPath', () => {
  const matrix: QrMatrix = qrMatrix(labelQrText('homing.example', 'K7M2P9QX4T'));

  it('is one path of rectangles, one per run of dark modules, in module units', () => {
    const d = qrSvgPath(matrix);
    expect(d).toMatch(/^(M\d+ \d+h\d+v1h-\d+z)+$/);
    // Each dark module covered exactly once, no light one covered.
    expect(Array.from(fromPath(d, matrix.size))).toEqual(Array.from(matrix.modules));
    let runs = 0;
    forEachDarkRun(matrix, () => runs++);
    expect(d.match(/M/g)).toHaveLength(runs);
    // Runs are maximal: no rectangle touches the next one on its row.
    const rects = Array.from(d.matchAll(/M(\d+) (\d+)h(\d+)/g), ([, x, y, w]) => [x, y, w].map(Number));
    rects.slice(1).forEach(([x, y], i) => {
      const [px, py, pw] = rects[i];
      if (y === py) expect(x).toBeGreaterThan(px + pw);
    });
    expect(runs).toBeLessThan(matrix.modules.reduce((sum, m) => sum + m, 0));
  });

  it('merges a full row into one rectangle', () => {
    const row: QrMatrix = {
      version: 1,
      size: 21,
      maskPattern: 0,
      modules: new Uint8Array(21 * 21).fill(1, 21, 42),
    };
    expect(qrSvgPath(row)).toBe('M0 1h21v1h-21z');
  });
});
