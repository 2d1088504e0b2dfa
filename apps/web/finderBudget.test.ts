import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  budgetVerdict,
  FINDER_BUNDLE_BUDGET_BYTES,
  LABEL_URL_TARGET_BYTES,
  pageSize,
  type BuiltFile,
} from './finderBudget';

// Random text barely compresses: n characters of base64 are about 0.75 n bytes gzipped.
const noise = (chars: number) => randomBytes(Math.ceil((chars * 3) / 4)).toString('base64');

const bundle = (entryBytes: number): Record<string, BuiltFile> => {
  const files: BuiltFile[] = [
    {
      type: 'asset',
      fileName: 'found.html',
      source: '<script type="module" src="/assets/found.js"></script>',
    },
    {
      type: 'chunk',
      fileName: 'assets/found.js',
      code: noise(entryBytes),
      isEntry: true,
      imports: ['assets/shared.js'],
      viteMetadata: { importedCss: new Set(['assets/found.css']) },
    },
    { type: 'chunk', fileName: 'assets/shared.js', code: 'export const a = 1;', isEntry: false, imports: [] },
    { type: 'asset', fileName: 'assets/found.css', source: 'body { margin: 0 }' },
    // Loaded only on demand (a dynamic import), and a source map.
    { type: 'chunk', fileName: 'assets/intlPhone.js', code: noise(100_000), isEntry: false, imports: [] },
    { type: 'asset', fileName: 'found.js.map', source: noise(100_000) },
  ];
  return Object.fromEntries(files.map((file) => [file.fileName, file]));
};

describe('the finder bundle budget', () => {
  it('counts the page, its entry, its static imports and their CSS, not what loads on demand', () => {
    const files = bundle(1000);
    const size = pageSize(files, 'found.html');
    expect([...size.files.keys()].sort()).toEqual([
      'assets/found.css',
      'assets/found.js',
      'assets/shared.js',
      'found.html',
    ]);
    const gzipped = (name: string) => {
      const file = files[name]!;
      return gzipSync(file.type === 'asset' ? file.source : file.code).length;
    };
    expect(size.bytes).toBe([...size.files.keys()].map(gzipped).reduce((a, b) => a + b));
  });

  it('passes under the budget', () => {
    const verdict = budgetVerdict(pageSize(bundle(2000), 'found.html'), 4096);
    expect(verdict).toEqual({
      ok: true,
      message: expect.stringMatching(/^finder bundle: 1\.\d KiB gzipped \(.*\), within its 4\.0 KiB budget$/),
    });
  });

  it('fails over the budget, in one line naming the size and the budget', () => {
    const verdict = budgetVerdict(pageSize(bundle(8000), 'found.html'), 4096);
    expect(verdict.ok).toBe(false);
    expect(verdict.message).toMatch(
      /^finder bundle: [5-6]\.\d KiB gzipped \(.*\) is over its 4\.0 KiB budget /,
    );
    expect(verdict.message).not.toContain('\n');
  });

  it('holds the finder bundle to less than the whole label page may weigh', () => {
    expect(FINDER_BUNDLE_BUDGET_BYTES).toBeLessThan(LABEL_URL_TARGET_BYTES);
  });

  it('refuses a bundle without the page', () => {
    expect(() => pageSize(bundle(10), 'index.html')).toThrow('index.html is not in the bundle');
  });
});
