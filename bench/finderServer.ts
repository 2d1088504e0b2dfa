/**
 * One server for bench:finder, in a process of its own (as in production, and so the load
 * generator never shares its thread): the API on a fresh PostgreSQL database with LABELS labels
 * on items of one owner, or with BENCH_BARE_DB the baseline, a bare Koa server doing one indexed
 * read of that database per request. Prints `BENCH_READY {json}` once it answers.
 *
 * It uses only what every revision since the finder's benchmark began has (config, server, test
 * database, code factory), so `BENCH_AGAINST` can start an earlier revision's server with it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../apps/api/src/config';
import { startServer } from '../apps/api/src/server';
import { assignedItem } from '../apps/api/src/testing/codeFactory';
import { freshDatabase } from '../apps/api/src/testing/testServer';

const LABELS = Number(process.env.BENCH_LABELS ?? 500);
const ready = (info: object) => console.log(`BENCH_READY ${JSON.stringify(info)}`);
process.on('SIGTERM', () => process.exit(0));

if (process.env.BENCH_BARE_DB) {
  const { default: Koa } = await import('koa');
  const { default: knex } = await import('knex');
  const db = knex({ client: 'pg', connection: process.env.BENCH_BARE_DB, pool: { min: 0, max: 10 } });
  const app = new Koa();
  app.use(async (ctx) => {
    ctx.body = await db('qr_codes').where({ value: ctx.query.code }).first('id', 'item_id');
  });
  const server = http.createServer(app.callback());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  ready({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
} else {
  const db = await freshDatabase('postgres');
  const config = loadConfig({
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: '0',
    SERVE_WEB: '0',
    SMTP_URL: process.env.BENCH_SMTP_URL ?? '',
    SCAN_LIMIT_PER_MINUTE: '100000000',
    REPORT_LIMIT_PER_ITEM: '100000',
    REPORT_LIMIT_PER_ADDRESS: '100000',
    REPORT_HOLD_AFTER_PER_ITEM: '100000',
    CODE_LOOKUP_LIMIT_PER_MINUTE: '100000000',
  });
  const server = await startServer(config, { db });
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
  ready({ url: server.url, codes, sessionToken: register.sessionToken, databaseUrl: db.url });
}
