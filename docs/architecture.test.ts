// docs/ARCHITECTURE.md names files and folders; each must exist, so the map cannot drift from the code.
// And no tracked text cites a document the repository does not have: rules are stated where they
// live, or point to docs/PRODUCT.md.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const SKIP = new Set(['node_modules', '.git', 'dist', 'out', 'data', 'test-results', 'playwright-report']);

/** Every file and folder of the repository, relative to its root. */
function repositoryPaths(dir = '', found = new Set<string>()): Set<string> {
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    found.add(rel);
    if (entry.isDirectory()) repositoryPaths(rel, found);
  }
  return found;
}

/**
 * The backticked paths of the map: a token with a slash or a file extension. Placeholders
 * (`<what>`, `{code}`, `*`), URL paths (`/api/…`), package names (`@homing/…`), lint rules
 * (`homing/…`) and environment variables (`DATA_DIR/…`) are not paths of the repository.
 */
function namedPaths(markdown: string): string[] {
  const tokens = [...markdown.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]!);
  return [
    ...new Set(
      tokens.filter(
        (t) =>
          /^[\w.-][\w./-]*$/.test(t) &&
          !/^[A-Z_]+\//.test(t) &&
          !t.startsWith('homing/') &&
          (t.includes('/') || /\.(ts|tsx|js|mjs|json|md|html|css|template|service)$/.test(t)),
      ),
    ),
  ];
}

describe('docs/ARCHITECTURE.md', () => {
  const markdown = fs.readFileSync(path.join(root, 'docs/ARCHITECTURE.md'), 'utf8');

  it('stays a map a newcomer reads in ten minutes (under 300 lines)', () => {
    expect(markdown.split('\n').length).toBeLessThan(300);
  });

  it('names only files and folders that exist (a path may be written from a folder it is in)', () => {
    const paths = repositoryPaths();
    const names = namedPaths(markdown);
    expect(names.length).toBeGreaterThan(50);
    const exists = (name: string) => {
      const p = name.replace(/\/$/, '');
      if (paths.has(p)) return true;
      for (const known of paths) if (known.endsWith(`/${p}`)) return true;
      return false;
    };
    expect(names.filter((name) => !exists(name))).toEqual([]);
  });
});

/** Tracked files whose text a newcomer reads: sources, scripts, CI, docs and configuration. */
const READ_TEXT = /\.(ts|tsx|js|mjs|cjs|sh|md|css|html|json|ya?ml|service|conf)$/;

/**
 * What in `text` (of the tracked file `file`) cites something a newcomer cannot open: an issue
 * number, a section of the outside specification, the outside design or style pages, or a path
 * that leaves the repository. The one outside path allowed is the shared camera model that bench
 * and tests load as a real folder.
 */
export function outsideCitations(text: string, file: string): string[] {
  const found = [
    ...text.matchAll(/\bissues?\s+#?\d+/gi),
    ...text.matchAll(/\bspec(?:ification)?(?:'s)?\s+sections?\s+\d+/gi),
    ...text.matchAll(/\b(?:DESIGN|STYLE)\.md\b/g),
  ].map((m) => m[0]);
  for (const m of text.matchAll(/(?:\.\.\/)+shared\/[\w./-]*/g)) {
    const target = path.posix.join(path.posix.dirname(file), m[0]);
    const outside = target === '..' || target.startsWith('../');
    if (outside && !/^\.\.\/shared\/label-camera(?:\/|$)/.test(target)) found.push(m[0]);
  }
  return found;
}

describe('citations', () => {
  it('flags issue numbers, spec sections and outside files, and passes clean text', () => {
    const planted = ['see ' + 'issue' + ' 12', 'as ' + 'issue' + ' #7 said', 'spec ' + 'section' + ' 3'];
    for (const text of planted) expect(outsideCitations(`// ${text}.`, 'apps/api/x.ts')).toHaveLength(1);
    expect(outsideCitations('// ' + 'DESIGN' + '.md, QR codes', 'a.ts')).toHaveLength(1);
    expect(outsideCitations('read `../' + 'shared/`', 'README.md')).toHaveLength(1);
    const clean = [
      '// A pending assignment lives 10 minutes (PRODUCT.md, Limits).',
      "import { CHANNELS } from '../shared/bridge';",
      "const camera = '../shared/label-camera/model.json';",
      '// issues are filed elsewhere; section headings are stable',
    ];
    for (const text of clean) expect(outsideCitations(text, 'apps/print-station/src/core/x.ts')).toEqual([]);
    expect(outsideCitations("const camera = '../shared/label-camera';", 'bench/labelRead.ts')).toEqual([]);
  });

  it('no tracked text cites an issue, a spec section or a file outside the repository', () => {
    const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
      .split('\0')
      .filter((f) => f && f !== 'package-lock.json' && (READ_TEXT.test(f) || /^(\.ci|scripts)\//.test(f)));
    expect(files.length).toBeGreaterThan(300);
    const cited: string[] = [];
    for (const file of files) {
      if (!fs.existsSync(path.join(root, file))) continue;
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      for (const c of outsideCitations(text, file)) cited.push(`${file}: ${c}`);
    }
    expect(cited).toEqual([]);
  });
});
