import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { PEER_SMTP_PORT, PEER_URL } from './e2e/peerPorts';
import { runPlaces } from './e2e/runPlaces';

// The product exactly as a user starts it (one process, built web app, embedded database), on a
// throwaway data folder and a port of this run's own (e2e/runPlaces.ts: free ones unless E2E_PORT
// and E2E_DATA_DIR say), so neither a developer's running copy nor another run is touched.
const { port: PORT, dataDir: DATA_DIR, ownDataDir } = runPlaces();
const baseURL = `http://localhost:${PORT}`;
// E2E_WEB_DIST: the folder of the web build this run serves (npm test pins its own); else apps/web/dist.
const WEB_DIST = process.env.E2E_WEB_DIST ? `WEB_DIST=${process.env.E2E_WEB_DIST} ` : '';
const PEERS_ENV = [
  `SMTP_URL=smtp://127.0.0.1:${PEER_SMTP_PORT}`,
  'SMS_PROVIDER=twilio TWILIO_ACCOUNT_SID=ACe2e TWILIO_AUTH_TOKEN=e2e-token TWILIO_FROM=+15550000000',
  `TWILIO_BASE_URL=${PEER_URL}`,
].join(' ');
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  testDir: './e2e',
  // E2E_OUTPUT_DIR: where a run beside another in the same checkout keeps its traces and screenshots.
  outputDir: process.env.E2E_OUTPUT_DIR ?? '../test-results/e2e',
  // Tests of one file may run on both workers (each test makes its own owners and labels; files
  // that share a server say `serial`): the last long file no longer runs alone at the end.
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  // Tests wait for what the page shows, never for the clock. Two workers, the server, its peers and
  // two browsers share two cores with whatever else runs: an assertion waits up to a minute for the
  // page to get there, and a test that has not ended in five minutes is hung.
  timeout: 300_000,
  expect: { timeout: 60_000 },
  reporter: process.env.CI
    ? [
        ['list'],
        ['html', { open: 'never', outputFolder: '../playwright-report' }],
        // .ci/summary.mjs adds these counts to the closing "N passed, N failed" line.
        ['json', { outputFile: '../test-results/playwright.json' }],
      ]
    : 'list',
  use: {
    baseURL,
    // A failed test's retry (CI retries once) records its trace; passing tests record none, which
    // spares the two cores a screenshot stream per test. Locally: `--trace on`.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // The web app registers its service worker (for pushes) in every new context; only push.spec
    // needs it, and starting one costs each of the other tests' contexts about a tenth of its CPU.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } }],
  webServer: [
    {
      // Mail and SMS go to real local peers (tests/e2e/peers.ts): an SMTP server and a server
      // speaking Twilio's API. Tests read what they received.
      command: 'npx tsx tests/e2e/peers.ts',
      cwd: repoRoot,
      url: `${PEER_URL}/healthz`,
      reuseExistingServer: false,
      timeout: 300_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      // e2e-admin@homing.test is an admin from registration (the admin CLI cannot open the running
      // server's locked data folder); browser tests make codes through the admin API with it.
      // TRUST_PROXY=1: a test's finder can report from another address (X-Forwarded-For) than the
      // owner, as a real finder does; the gift is never earned by the owner's own address.
      // HTTP_KEEP_ALIVE_TIMEOUT_MS: a test's request context keeps its sockets between calls; with
      // the default 5 s, a call made as the server closes an idle one reads ECONNRESET (browsers
      // retry such a request, Playwright's request context does not).
      // The API as production runs it: its bundle, made here from the current sources (seconds; the
      // web app is built before, by `npm run test:e2e` or `npm run build:web`, or for this run alone).
      command: `npm run build:api --silent && ${ownDataDir ? '' : `rm -rf ${DATA_DIR} && `}${WEB_DIST}DATA_DIR=${DATA_DIR} PORT=${PORT} NODE_ENV=production HTTP_KEEP_ALIVE_TIMEOUT_MS=300000 SEED_DEMO=0 LOG_LEVEL=warn HOMING_BOOTSTRAP_ADMINS=e2e-admin@homing.test REPORT_LIMIT_PER_ADDRESS=1000 CODE_LOOKUP_LIMIT_PER_MINUTE=100000 ACCOUNT_REQUEST_LIMIT_PER_ADDRESS=100000 PASSWORD_LIMIT_PER_ADDRESS=100000 TRUST_PROXY=1 ${PEERS_ENV} node apps/api/dist/main.js`,
      cwd: repoRoot,
      url: `${baseURL}/healthz`,
      reuseExistingServer: false,
      timeout: 300_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});
