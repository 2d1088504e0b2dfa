import { CODE_ALPHABET as ALPHABET } from '@homing/shared/codes';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import type { QrMatrix } from './matrix';
import { LABEL_SYMBOL, labelSymbolLevel, MAX_LABEL_VERSION } from '../symbolChoice';
import { labelMatrix, labelQrText, labelUrl, qrMatrix, qrSvgPath } from './matrix';

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
    expect(qrMatrix(text, 'M')).toMatchObject({ version: 2, size: 25 });
    expect(qrMatrix(text.toLowerCase(), 'M').version).toBe(3);
    // A label's symbol: the labels' level (LABEL_SYMBOL) for this URL, within the largest version
    // labels accept; a domain long enough to need more at every level is refused at configuration.
    const label = labelMatrix('homing.example', 'K7M2P9QX4T');
    expect(label).toEqual(qrMatrix(text, LABEL_SYMBOL.errorCorrection));
    expect(label.version).toBeLessThanOrEqual(MAX_LABEL_VERSION);
    expect(labelSymbolLevel(labelQrText('x'.repeat(26) + '.example', 'K7M2P9QX4T'))).toBeNull();
  });
});

describe('qrMatrix', () => {
  const same = (text: string, level: 'L' | 'M' | 'Q' | 'H' = 'M'): void => {
    const ours = qrMatrix(text, level);
    const reference = QRCode.create(text, { errorCorrectionLevel: level });
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

  it('builds exactly the symbol qrcode builds at levels L, Q and H too', () => {
    const levels = ['L', 'Q', 'H'] as const;
    values(120).forEach((value, i) => same(labelQrText('homing.example', value), levels[i % 3]));
  });

  it('still matches where numeric runs or other characters change the segmentation', () => {
    same('HTTPS://HOMING.EXAMPLE/QR/AB12345678901234CD');
    same('HTTPS://HOMING.EXAMPLE/QR/123456');
    same('https://homing.example/qr/lower-case');
    same('HTTPS://HOMING.EXAMPLE/QR/A_B');
  });

  it('grows the version with the text', () => {
    expect(qrMatrix(labelQrText('homing.example', 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'), 'M').version).toBe(3);
    expect(qrMatrix('X'.repeat(200)).size).toBe(qrMatrix('X'.repeat(200)).version * 4 + 17);
  });
});

type Rect = [x: number, y: number, width: number, height: number];

function rectsOf(d: string): Rect[] {
  return Array.from(d.matchAll(/M(\d+) (\d+)h(\d+)v(\d+)h-(\d+)z/g), ([, x, y, w, h, back]) => {
    expect(back).toBe(w);
    return [x, y, w, h].map(Number) as Rect;
  });
}

function coverage(rects: Rect[], size: number): Uint8Array {
  const modules = new Uint8Array(size * size);
  for (const [x, y, w, h] of rects) {
    for (let row = y; row < y + h; row++) {
      for (let col = x; col < x + w; col++) modules[row * size + col] += 1;
    }
  }
  return modules;
}

const darkCount = (matrix: QrMatrix): number => matrix.modules.reduce((sum, m) => sum + m, 0);

describe('qrSvgPath', () => {
  const matrices = values(50, 11).map((value) => qrMatrix(labelQrText('homing.example', value)));

  it('is one path of rectangles covering each dark module exactly once, in module units', () => {
    for (const matrix of matrices) {
      const d = qrSvgPath(matrix);
      expect(d).toMatch(/^(M\d+ \d+h\d+v\d+h-\d+z)+$/);
      expect(Array.from(coverage(rectsOf(d), matrix.size))).toEqual(Array.from(matrix.modules));
    }
  });

  it('merges runs across a row and identical runs down the rows', () => {
    for (const matrix of matrices) {
      const rects = rectsOf(qrSvgPath(matrix));
      // Far fewer shapes than modules, and no two that should have been one.
      expect(rects.length).toBeLessThan(darkCount(matrix) / 2);
      for (const [x, y, w, h] of rects) {
        const same = (other: Rect): boolean => other[0] === x && other[2] === w;
        expect(rects.some((o) => same(o) && o[1] + o[3] === y)).toBe(false); // one right above
        expect(rects.some((o) => o[0] === x + w && o[1] <= y && o[1] + o[3] > y)).toBe(false); // touching right
        expect(h).toBeGreaterThan(0);
      }
    }
  });

  it('draws a finder pattern as five rectangles', () => {
    const rects = rectsOf(qrSvgPath(matrices[0])).filter(([x, y]) => x < 7 && y < 7);
    expect(rects.sort()).toEqual(
      [
        [0, 0, 7, 1],
        [0, 1, 1, 5],
        [6, 1, 1, 5],
        [2, 2, 3, 3],
        [0, 6, 7, 1],
      ].sort(),
    );
  });

  it('covers a full row with one rectangle and a full block with one', () => {
    const modules = new Uint8Array(21 * 21).fill(1, 21, 42);
    modules.fill(1, 21 * 5, 21 * 9);
    expect(qrSvgPath({ version: 1, size: 21, maskPattern: 0, modules })).toBe('M0 1h21v1h-21zM0 5h21v4h-21z');
  });
});
