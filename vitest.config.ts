import { defineConfig } from 'vitest/config';

// Unit tests run once; API tests run twice: on a real PostgreSQL server and on the embedded PGlite.
// `npm test` (scripts/test.ts) picks the projects this machine can run.

// Tests wait for events, never for the clock; a test or hook that has not finished in five
// minutes is hung, whatever the machine's load. Only this guard bounds them.
const HANG_GUARD_MS = 300_000;
const timeouts = { testTimeout: HANG_GUARD_MS, hookTimeout: HANG_GUARD_MS };

export default defineConfig({
  test: {
    // Vitest's default on two cores is one worker; the API tests mostly wait on PostgreSQL, sockets
    // and timers, so two files at once (one per core) finish sooner without starving each other.
    maxWorkers: 2,
    reporters: process.env.CI
      ? ['default', ['json', { outputFile: 'test-results/vitest.json' }]]
      : ['default'],
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/**/*.test.ts',
            '*.test.ts',
            'docs/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'apps/web/*.test.ts',
            'apps/print-station/src/**/*.test.ts',
          ],
          exclude: ['**/node_modules/**', '**/*.cups.test.ts'],
          ...timeouts,
        },
      },
      {
        // Real CUPS queue (.ci/cups-setup makes "HomingPDF"); API on the embedded database.
        test: {
          name: 'station-cups',
          include: ['apps/print-station/src/**/*.cups.test.ts'],
          ...timeouts,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'api-postgres',
          // One module graph per worker for all its files: each file then skips loading the
          // whole API again (1–2 s a file). These tests mock nothing and change no globals.
          isolate: false,
          include: ['apps/api/src/**/*.test.ts', 'migrations/**/*.test.ts'],
          env: { HOMING_TEST_DB: 'postgres' },
          ...timeouts,
        },
      },
      {
        test: {
          name: 'api-embedded',
          // One module graph per worker for all its files: each file then skips loading the
          // whole API again (1–2 s a file). These tests mock nothing and change no globals.
          isolate: false,
          include: ['apps/api/src/**/*.test.ts', 'migrations/**/*.test.ts'],
          env: { HOMING_TEST_DB: 'embedded' },
          ...timeouts,
        },
      },
    ],
  },
});
