import { builtinModules } from 'node:module';
import { dirname, relative, resolve } from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { apiRooms, eachImport } from './eslint.rooms.js';

// Test code: tests, their helpers and fixtures, the e2e suite, `npm test`'s runner, benchmarks. Everything
// else is production.
const testCode = [
  '**/*.test.ts',
  '**/*.test.tsx',
  '**/testing/**',
  '**/fixtures.ts',
  'packages/*/test/**',
  'tests/**',
  'scripts/test.ts',
  'bench/**',
];

/**
 * No deep import across apps: an app reaches another workspace only through its package entry
 * (`@homing/web/admin`, never `@homing/web/src/...`) and never by a relative path into another app.
 */
const noCrossAppImport = {
  meta: { type: 'problem', schema: [], messages: { deep: '{{what}}' } },
  create(context) {
    const here = relative(import.meta.dirname, context.filename).split('/');
    const app = here[0] === 'apps' ? here[1] : null;
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string') return;
      let what = null;
      if (/^@homing\/[^/]+\/src(\/|$)/.test(source) || /^@homing\/api(\/|$)/.test(source))
        what = `${source}: import another workspace through its package exports, not its sources`;
      else if (source.startsWith('.')) {
        const target = relative(import.meta.dirname, resolve(dirname(context.filename), source)).split('/');
        if (target[0] === 'apps' && target[1] !== app)
          what = `${source}: reaches into apps/${target[1]}; import its package entry instead`;
      }
      if (what) context.report({ node: node.source, messageId: 'deep', data: { what } });
    };
    return eachImport(check);
  },
};

/**
 * What the finder page's bundle may import from the packages: modules without zod (or anything
 * heavy), each a subpath export. `intlPhone` carries libphonenumber-js and is imported only
 * dynamically (its own chunk). eslint.config.finder.test.ts checks that none of them reaches zod.
 */
export const FINDER_PACKAGE_EXPORTS = [
  '@homing/label-layout/codeText',
  '@homing/shared/codes',
  '@homing/shared/device',
  '@homing/shared/finderLocale',
  '@homing/shared/finderPhone',
  '@homing/shared/intlPhone',
  '@homing/shared/phoneCountries',
];
const FINDER_BUNDLE = 'apps/web/src/found';

/**
 * The finder page (`apps/web/src/found`) is its own small bundle for a stranger's phone: no React,
 * no zod, nothing outside its folder (the main app's modules bring React), and from the packages
 * only the exports above. Dynamic imports are held too (the core no-restricted-imports skips them).
 */
const finderImports = {
  meta: { type: 'problem', schema: [], messages: { fence: '{{what}}' } },
  create(context) {
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string') return;
      let what = null;
      if (source.startsWith('.')) {
        const target = relative(
          resolve(import.meta.dirname, FINDER_BUNDLE),
          resolve(dirname(context.filename), source),
        );
        if (target.startsWith('..'))
          what = `${source}: leaves ${FINDER_BUNDLE} (the main app brings React; packages come through their exports)`;
      } else if (/^(react|react-dom|react-router|react-router-dom|zod)(\/|$)/.test(source))
        what = `${source}: the finder bundle has no React and no zod`;
      else if (source.startsWith('@homing/') && !FINDER_PACKAGE_EXPORTS.includes(source))
        what = `${source}: the finder bundle imports only zod-free package exports (FINDER_PACKAGE_EXPORTS)`;
      if (what) context.report({ node: node.source, messageId: 'fence', data: { what } });
    };
    return eachImport(check);
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'apps/web/builds/**',
      '**/out/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Production code never imports test support.
    files: ['**/*.ts', '**/*.tsx'],
    ignores: testCode,
    plugins: {
      homing: {
        rules: {
          'no-cross-app-import': noCrossAppImport,
          'finder-imports': finderImports,
          'api-rooms': apiRooms,
        },
      },
    },
    rules: {
      'homing/no-cross-app-import': 'error',
      'homing/api-rooms': 'error',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)testing(/|$)', message: 'Production code must not import test support.' },
          ],
        },
      ],
    },
  },
  {
    // The finder page's bundle: no React, no zod, packages only through their zod-free exports.
    files: [`${FINDER_BUNDLE}/**/*.ts`],
    ignores: testCode,
    rules: { 'homing/finder-imports': 'error' },
  },
  {
    // The renderer is a web page: no Node, no Electron (the preload's bridge is its only way out).
    files: ['apps/print-station/src/renderer/**/*.ts', 'apps/print-station/src/renderer/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['electron', ...builtinModules].map((name) => ({
            name,
            message: 'The renderer runs sandboxed in a page: use window.homingStation.',
          })),
          patterns: [
            {
              regex: '^(node:|electron/)',
              message: 'The renderer runs sandboxed in a page: no Node or Electron.',
            },
          ],
        },
      ],
    },
  },
  {
    // A pure package must never reach into an app (pure packages hold no app code).
    files: ['packages/**/*.ts', 'packages/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@homing/api*', '@homing/web*', '@homing/print-station*', '**/apps/**'] },
      ],
    },
  },
);
