import type { IncomingMessage } from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { migrateLatest, type Database } from '../db/connection';
import { finderReport } from './finderServer';
import { freePort, startScript, TEST_PROCESS_ENV } from './childProcess';
import { startDeployNginx } from './reverseProxy';
import { startSmtpSink, type SmtpSink } from './smtpSink';
import { freshDatabase, uniqueEmail } from './testServer';

// Production's shape on one machine (scale.test.ts): PostgreSQL, two API processes (WORKER=0), one
// `npm run worker` and nginx running deploy/nginx.conf.template, all real processes.

/** The repository's root: the processes' working directory, and where deploy/ is. */
export const repoRoot = path.resolve(import.meta.dirname, '../../../..');
/** Every account the scale tests register has this password. */
export const PASSWORD = 'correct horse';

export type Proc = ReturnType<typeof startProcess>;
/**
 * `script` as a real child process (`startScript`) with the test processes' settings under `env`:
 * `ready` settles once its output says `readyText` (at once for null).
 */
export function startProcess(script: string, env: Record<string, string>, readyText: string | null) {
  const proc = startScript(script, { ...TEST_PROCESS_ENV, ...env });
  return { ...proc, ready: readyText === null ? Promise.resolve() : proc.until(readyText) };
}

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}
export type Req = { body?: unknown; token?: string; headers?: Record<string, string> };
const headersOf = (opts: Req) => ({
  ...(opts.body === undefined ? {} : { 'Content-Type': 'application/json' }),
  ...(opts.token ? { Authorization: `Bearer ${opts.token}` } : {}),
  ...opts.headers,
});

/** JSON over plain HTTP straight to one process. */
export async function direct(port: number, method: string, url: string, opts: Req = {}): Promise<Answer> {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: headersOf(opts),
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A new account, registered on one process: its e-mail, session token and id. */
export async function register(port: number) {
  const email = uniqueEmail('scale');
  const res = await direct(port, 'POST', '/api/auth/register', { body: { email, password: PASSWORD } });
  if (res.status !== 201) throw new Error(`registration refused: ${res.status} ${JSON.stringify(res.body)}`);
  return { email, token: res.body.sessionToken as string, id: (res.body.user as { id: string }).id };
}

/** An owner's live stream: `text()` is what arrived so far. */
export function eventsText(stream: AsyncIterable<unknown>) {
  let text = '';
  void (async () => {
    try {
      for await (const chunk of stream)
        text += chunk instanceof Uint8Array ? Buffer.from(chunk).toString() : String(chunk);
    } catch {
      // closed by the test
    }
  })();
  return () => text;
}

/** A finder's report as the finder page sends it, with this note. */
export const report = (note: string) => finderReport({ foundNotes: note });

/**
 * The processes on a fresh PostgreSQL database, migrated once before they start (so they do not
 * race to migrate), mailing one SMTP sink. `start()` brings them up (a test's beforeAll); `close()`
 * stops whatever has started, also after a failed or unfinished start (its afterAll). The fields
 * are set by `start()`.
 */
export class ScaleCluster {
  db!: Database;
  sink!: SmtpSink;
  nginx!: Awaited<ReturnType<typeof startDeployNginx>>;
  apiA!: Proc;
  apiB!: Proc;
  worker!: Proc;
  portA!: number;
  portB!: number;
  /** The API processes' environment (without PORT), for a test starting one more. */
  common!: Record<string, string>;
  /** Processes a test starts itself: `close()` stops them with the rest. */
  readonly others: Proc[] = [];

  async start() {
    this.db = await freshDatabase('postgres');
    // Migrated once here, so the processes below start on a ready schema rather than race to migrate.
    await migrateLatest(this.db.knex);
    this.sink = await startSmtpSink();
    [this.portA, this.portB] = [await freePort(), await freePort()];
    this.common = {
      DATABASE_URL: this.db.url!,
      WORKER: '0',
      TRUST_PROXY: '1',
      SMTP_URL: this.sink.url,
      // The report stream in scale.test.ts comes from one address (nginx's view of the test).
      REPORT_LIMIT_PER_ADDRESS: '100000',
      REPORT_LIMIT_PER_ITEM: '100000',
      REPORT_HOLD_AFTER_PER_ITEM: '100000',
      CODE_LOOKUP_LIMIT_PER_MINUTE: '100000',
    };
    const api = (port: number) =>
      startProcess('apps/api/src/main.ts', { ...this.common, PORT: String(port) }, 'Homing is running');
    this.apiA = api(this.portA);
    this.apiB = api(this.portB);
    this.worker = startProcess('apps/api/src/cli/worker.ts', { ...this.common, WORKER_POLL_MS: '200' }, null);
    await Promise.all([this.apiA.ready, this.apiB.ready]);
    // The test is nginx's one client, sending report streams and login series faster than the
    // template's per-address request limits allow (nginxFlood.test.ts tests those): exempt.
    this.nginx = await startDeployNginx(
      path.join(repoRoot, 'deploy/nginx.conf.template'),
      [this.portA, this.portB],
      '127.0.0.1 0;',
    );
  }

  async close() {
    await this.nginx?.close();
    await Promise.all([this.apiA, this.apiB, this.worker, ...this.others].map((p) => p?.stop()));
    await this.sink?.close();
    await this.db?.close();
  }

  /** Opens a request through nginx's TLS port (its certificate is the test's self-signed one). */
  tlsRequest = (method: string, url: string, opts: Req = {}) =>
    new Promise<IncomingMessage>((resolve, reject) => {
      const req = https.request(this.nginx.httpsUrl + url, {
        method,
        headers: headersOf(opts),
        rejectUnauthorized: false,
        agent: false,
      });
      req.on('response', resolve).on('error', reject);
      req.end(opts.body === undefined ? undefined : JSON.stringify(opts.body));
    });

  /** JSON through nginx's TLS port (a body that is no JSON comes back as `{ raw }`). */
  viaNginx = async (method: string, url: string, opts: Req = {}): Promise<Answer> => {
    const res = await this.tlsRequest(method, url, opts);
    let text = '';
    for await (const chunk of res) text += String(chunk);
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      body = { raw: text };
    }
    return { status: res.statusCode!, body };
  };
}
