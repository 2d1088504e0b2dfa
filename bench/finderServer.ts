/**
 * One server for bench:finder, in a process of its own (as in production, and so the load
 * generator never shares its thread): the API with LABELS labels on items of one owner, on a fresh
 * PostgreSQL database (BENCH_DB=postgres) or on PGlite in a fresh data folder (BENCH_DB=embedded,
 * the embedded default's production setup); or with BENCH_BARE the baseline, a bare Koa server
 * answering a small JSON; or with BENCH_JOIN (a database URL) a second API process on the first's
 * PostgreSQL database, with no worker, as the deploy recipe runs two. Prints `BENCH_READY {json}`
 * once it answers.
 *
 * It uses only what every revision since the finder's benchmark began has (config, server, test
 * database, embedded connection, code factory), so `BENCH_AGAINST` can start an earlier revision's
 * server with it.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/api/src/config';
import { connectEmbedded, connectPostgres } from '../apps/api/src/db/connection';
import { startServer } from '../apps/api/src/server';
import { assignedItem } from '../apps/api/src/testing/codeFactory';
import { freshDatabase, TEST_DATABASE_URL } from '../apps/api/src/testing/testServer';

const LABELS = Number(process.env.BENCH_LABELS ?? 500);
const ready = (info: object) => console.log(`BENCH_READY ${JSON.stringify(info)}`);
// Stopped by SIGTERM: the API closes its database (a fresh PostgreSQL one is dropped).
let stop = async () => {};
process.on('SIGTERM', () => void stop().finally(() => process.exit(0)));

if (process.env.BENCH_BARE) {
  const { default: Koa } = await import('koa');
  const app = new Koa();
  app.use((ctx) => {
    ctx.body = { success: true, data: { code: ctx.path.slice(1) }, error: null };
  });
  const server = http.createServer(app.callback());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  ready({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, codes: [] });
} else {
  const embedded = process.env.BENCH_DB === 'embedded';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'homing-bench-'));
  process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
  // BENCH_JOIN: a second API process on the first one's PostgreSQL database (the deploy recipe's
  // homing-api@3001 and @3002), with no worker of its own; the first makes the labels.
  const join = process.env.BENCH_JOIN;
  const db = join
    ? connectPostgres(join)
    : embedded
      ? await connectEmbedded(path.join(dataDir, 'db'))
      : await freshDatabase('postgres');
  const config = loadConfig({
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: '0',
    SERVE_WEB: '0',
    DATA_DIR: dataDir,
    SMTP_URL: process.env.BENCH_SMTP_URL ?? '',
    // Behind the deployment's proxy (deploy/nginx.conf.template): the finder's address comes from
    // it, and the look-up and scan limits are the real ones (bench:finder's phones stay under them).
    TRUST_PROXY: '1',
    REPORT_LIMIT_PER_ITEM: '100000',
    REPORT_LIMIT_PER_ADDRESS: '100000',
    REPORT_HOLD_AFTER_PER_ITEM: '100000',
    ...(join ? { WORKER: '0' } : {}),
    // bench:scrypt-flood: the web build's label page from one address, and its own account limits.
    ...(process.env.BENCH_ONE_ADDRESS ? { CODE_LOOKUP_LIMIT_PER_MINUTE: '100000000' } : {}),
    ...(process.env.BENCH_SERVE_WEB ? { SERVE_WEB: '1' } : {}),
    ...(process.env.BENCH_ACCOUNT_LIMIT
      ? {
          ACCOUNT_REQUEST_LIMIT_PER_ADDRESS: process.env.BENCH_ACCOUNT_LIMIT,
          PASSWORD_LIMIT_PER_ADDRESS: process.env.BENCH_ACCOUNT_LIMIT,
        }
      : {}),
  });
  const server = await startServer(config, { db });
  stop = server.close;
  const url = server.url.replace('localhost', '127.0.0.1');
  if (join) {
    ready({ url, codes: [] });
    await new Promise(() => {}); // serves until SIGTERM
  }
  const register = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: `bench-${Date.now()}@example.com`, password: 'benchmark1' }),
  }).then((r) => r.json() as Promise<{ user: { id: string }; sessionToken: string }>);
  const codes: string[] = [];
  for (let i = 0; i < LABELS; i += 50)
    codes.push(
      ...(
        await Promise.all(
          Array.from({ length: Math.min(50, LABELS - i) }, (_, j) =>
            assignedItem(db.knex, register.user.id, { name: `Bench keys ${i + j}` }),
          ),
        )
      ).map((label) => label.code),
    );
  // Where a second process joins it (PostgreSQL only: PGlite's data folder is one process's).
  const { rows } = (await db.knex.raw('SELECT current_database() AS name')) as { rows: { name: string }[] };
  const databaseUrl = embedded
    ? undefined
    : Object.assign(new URL(TEST_DATABASE_URL), { pathname: `/${rows[0]!.name}` }).href;
  ready({ url, codes, sessionToken: register.sessionToken, databaseUrl });
}
