// The finder bundle's fence in eslint.config.js (homing/finder-imports), tried on planted files.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = import.meta.dirname;
const eslint = new ESLint({ cwd: root, overrideConfigFile: join(root, 'eslint.config.js') });
// Loading the TypeScript parser and the config takes seconds on a busy machine.
const slow = { timeout: 60_000 };

/** The errors of a planted module in the finder bundle. */
async function lintFinder(code: string, file = 'apps/web/src/found/planted.ts') {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

const fenced = (errors: string[]) => errors.filter((e) => e.startsWith('homing/finder-imports'));

describe('the finder bundle lint fence', () => {
  it.each([
    ["import { useState } from 'react';", 'react: the finder bundle has no React and no zod'],
    ["import { createRoot } from 'react-dom/client';", 'react-dom/client: the finder bundle has no React'],
    ["import { jsx } from 'react/jsx-runtime';", 'react/jsx-runtime: the finder bundle has no React'],
    ["import { z } from 'zod';", 'zod: the finder bundle has no React and no zod'],
    [
      "import { foundReportRequest } from '@homing/shared';",
      '@homing/shared: the finder bundle imports only',
    ],
    [
      "import { templates } from '@homing/label-layout';",
      '@homing/label-layout: the finder bundle imports only',
    ],
    ["import { x } from '@homing/shared/src/validation/device';", '@homing/shared/src/validation/device:'],
    ["import { x } from '../../../../packages/shared/src/x';", '../../../../packages/shared/src/x: leaves'],
    ["import { x } from '../../../packages/shared/src/x';", '../../../packages/shared/src/x: leaves'],
    ["import { Dialog } from '../components/Dialog';", '../components/Dialog: leaves apps/web/src/found'],
    ["export { x } from '../../../../packages/shared/src/x';", '../../../../packages/shared/src/x: leaves'],
    [
      "export const later = () => import('@homing/shared');",
      '@homing/shared: the finder bundle imports only',
    ],
  ])('refuses %s', slow, async (line, error) => {
    const errors = fenced(await lintFinder(`${line}\n`));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(error);
  });

  it('allows its own modules and the zod-free package exports', slow, async () => {
    const code = [
      "import { parseTypedCode } from '@homing/label-layout/codeText';",
      "import { FINDER_LOCALES } from '@homing/shared/finderLocale';",
      "import type * as IntlPhone from '@homing/shared/intlPhone';",
      "import { h } from './dom';",
      "import { later } from './nested/deeper';",
      "import './found.css';",
      'export const used = [parseTypedCode, FINDER_LOCALES, h, later];',
      "export const load = (): Promise<typeof IntlPhone> => import('@homing/shared/intlPhone');",
      '',
    ].join('\n');
    expect(await lintFinder(code)).toEqual([]);
  });

  it('holds the finder bundle only, not its tests or the main app', slow, async () => {
    const code = "import { z } from 'zod';\nexport const schema = z.string();\n";
    expect(await lintFinder(code, 'apps/web/src/found/planted.test.ts')).toEqual([]);
    expect(await lintFinder(code, 'apps/web/src/owner/planted.ts')).toEqual([]);
  });

  it('lets in no package export that reaches zod or React', slow, async () => {
    const require = createRequire(join(root, 'package.json'));
    const exportsOf = (name: string) => {
      const pkg = JSON.parse(readFileSync(join(root, 'packages', name, 'package.json'), 'utf8')) as {
        exports: Record<string, string>;
      };
      return Object.keys(pkg.exports).map((key) => `@homing/${name}${key.slice(1)}`);
    };
    const allowed: string[] = [];
    for (const spec of [...exportsOf('shared'), ...exportsOf('label-layout')])
      if (fenced(await lintFinder(`import '${spec}';\n`)).length === 0) allowed.push(spec);
    expect(allowed).toContain('@homing/shared/finderPhone');
    expect(allowed).toContain('@homing/label-layout/codeText');

    // Everything each allowed export imports, followed through relative paths and workspaces.
    const reached = (spec: string) => {
      const bare = new Set<string>();
      const seen = new Set<string>();
      const walk = (file: string) => {
        if (seen.has(file)) return;
        seen.add(file);
        const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
        for (const { fileName } of importedFiles) {
          if (fileName.startsWith('.')) walk(resolve(dirname(file), fileName.replace(/(\.ts)?$/, '.ts')));
          else if (fileName.startsWith('@homing/')) walk(require.resolve(fileName));
          else bare.add(fileName);
        }
      };
      walk(require.resolve(spec));
      return [...bare];
    };
    for (const spec of allowed)
      expect(
        reached(spec).filter((m) => /^(zod|react|react-dom)(\/|$)/.test(m)),
        spec,
      ).toEqual([]);
  });
});
