// docs/ARCHITECTURE.md names files and folders; each must exist, so the map cannot drift from the code.
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
