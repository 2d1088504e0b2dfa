import { builtinModules } from 'node:module';
import { dirname, relative, resolve } from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
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
    plugins: { homing: { rules: { 'no-cross-app-import': noCrossAppImport } } },
    rules: {
      'homing/no-cross-app-import': 'error',
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
    // A pure package must never reach into an app (STYLE.md 6).
    files: ['packages/**/*.ts', 'packages/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@homing/api*', '@homing/web*', '@homing/print-station*', '**/apps/**'] },
      ],
    },
  },
);
