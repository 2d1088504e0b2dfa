import { defineConfig } from 'vitest/config';

// Unit tests run once; API tests on a real PostgreSQL server, and some again on the embedded PGlite.
// `npm test` (scripts/test.ts) picks the projects this machine can run.

// Tests wait for events, never for the clock; a test or hook that has not finished in five
// minutes is hung, whatever the machine's load. Only this guard bounds them.
const HANG_GUARD_MS = 300_000;
const timeouts = { testTimeout: HANG_GUARD_MS, hookTimeout: HANG_GUARD_MS };

// The API tests run on PostgreSQL. On the embedded PGlite (the same SQL engine in WebAssembly, a
// single connection, in-process LISTEN) they run where it behaves differently: the store and the
// process around it, and what leans on the one connection (transactions that race, locks, NOTIFY,
// the outbox). The browser tests (tests/e2e) run the whole product on it too. Every API test on
// both, as before a change to the data layer: HOMING_EMBEDDED_ALL=1 npx vitest run --project api-embedded
// (with every file, the embedded run was most of vitest's time on two cores).
const EMBEDDED_TOO = [
  // the store and the process around it
  'apps/api/src/db/**/*.test.ts',
  'apps/api/src/cli/**/*.test.ts',
  'migrations/{order,makeMigration,renamed}.test.ts',
  'apps/api/src/{banner,build,shutdown,server}.test.ts',
  'apps/api/src/routes/system/health.test.ts',
  'apps/api/src/routes/account/export.test.ts',
  // the one connection: races, locks, NOTIFY, the outbox
  'apps/api/src/notifications/{hub,concurrency,delivery,durability,escalationDurability}.test.ts',
  'apps/api/src/lib/rateLimiter.test.ts',
  'apps/api/src/routes/admin/split.test.ts',
  'apps/api/src/routes/codes/{codes,harvesting}.test.ts',
  'apps/api/src/routes/found/{found,scanRepeats,eventStream,threadMessages}.test.ts',
  'apps/api/src/routes/guards.test.ts',
  'apps/api/src/routes/contacts/webhookOnce.test.ts',
  'apps/api/src/routes/auth/victimCeiling.test.ts',
  'apps/api/src/notifications/smsBudget.test.ts',
  // a texted conversation: every reply in its one transaction
  'apps/api/src/routes/contacts/conversation.test.ts',
];

export default defineConfig({
  test: {
    // Vitest's default on two cores is one worker; the API tests mostly wait on PostgreSQL, sockets
    // and timers, so two files at once (one per core) finish sooner without starving each other.
    maxWorkers: 2,
    // npm test runs the CUPS tests in a second vitest beside the first, with a report of its own.
    reporters: process.env.CI
      ? ['default', ['json', { outputFile: process.env.HOMING_VITEST_REPORT ?? 'test-results/vitest.json' }]]
      : ['default'],
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/**/*.test.ts',
            '*.test.ts',
            'docs/*.test.ts',
            'tests/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'apps/web/*.test.ts',
            'apps/print-station/src/**/*.test.ts',
          ],
          exclude: ['**/node_modules/**', '**/*.cups.test.ts'],
          // One module graph per worker, as in the API projects: these tests mock no module and
          // restore what they change (fake timers). Isolated, loading took half the project's CPU.
          isolate: false,
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
          // One worker for all the files: each file no longer loads the API and compiles the
          // embedded database's WebAssembly again (88 to 63 core-seconds).
          isolate: false,
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
          include: process.env.HOMING_EMBEDDED_ALL
            ? ['apps/api/src/**/*.test.ts', 'migrations/**/*.test.ts']
            : EMBEDDED_TOO,
          env: { HOMING_TEST_DB: 'embedded' },
          ...timeouts,
        },
      },
    ],
  },
});
