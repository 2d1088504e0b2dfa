import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import knexFactory from 'knex';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { migrationsFingerprint } from '@homing/migrations';
import { loadConfig, type Config } from '../config';
import { connectEmbedded, connectPostgres, migrateLatest, type Database } from '../db/connection';
import { startServer, type RunningServer } from '../server';
import { workAfterAnswer } from '../lib/afterAnswer';
import { TEST_KEEP_ALIVE_MS } from './httpServer';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export type TestDbKind = 'postgres' | 'embedded';
export const testDbKind = (): TestDbKind =>
  process.env.HOMING_TEST_DB === 'postgres' ? 'postgres' : 'embedded';

/** A fresh, empty database of the kind under test: its own PostgreSQL database, or an in-memory PGlite. */
export async function freshDatabase(kind: TestDbKind = testDbKind()): Promise<Database> {
  if (kind === 'embedded') return connectEmbedded(null);
  return createPostgresDatabase(null);
}

/**
 * A fresh database with every migration run, cloned from a template migrated once per set of
 * migrations: `CREATE DATABASE … TEMPLATE` on PostgreSQL, a data-folder tarball on PGlite (whose
 * own first start, initdb in WebAssembly, costs seconds). Templates are named by the migrations'
 * fingerprint, so an edited migration builds a new one.
 */
export async function migratedDatabase(kind: TestDbKind = testDbKind()): Promise<Database> {
  const fingerprint = await migrationsFingerprint();
  if (kind === 'embedded') {
    return connectEmbedded(null, {
      pglite: new PGlite({ loadDataDir: await embeddedTemplate(fingerprint) }),
    });
  }
  return createPostgresDatabase(await postgresTemplate(fingerprint));
}

const adminConnection = () =>
  knexFactory({ client: 'pg', connection: TEST_DATABASE_URL, pool: { min: 0, max: 1 } });

/** The migrated template database on the test server, built under an advisory lock by whoever comes first. */
async function postgresTemplate(fingerprint: string): Promise<string> {
  const name = `homing_template_${fingerprint}`;
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    // A session lock, not a transaction's: CREATE DATABASE cannot run inside a transaction.
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!found.rowCount) {
      const building = `${name}_building`;
      await client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${building}`);
      const db = connectPostgres(withDatabase(building), { min: 0, max: 1 });
      try {
        await migrateLatest(db.knex);
      } finally {
        await db.close();
      }
      // Renamed only once complete: a run killed half-way never leaves a half-migrated template.
      await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    }
  } finally {
    await client.end(); // ends the session, and its lock with it
  }
  return name;
}

const templates = new Map<string, Promise<Blob>>();

/**
 * The migrated embedded data folder as a tarball: kept per process and in the system's temporary
 * folder, so each test worker builds it at most once and later runs not at all.
 */
function embeddedTemplate(fingerprint: string): Promise<Blob> {
  let template = templates.get(fingerprint);
  if (!template) {
    template = (async () => {
      const file = templateFile(fingerprint);
      if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
      const pglite = new PGlite();
      const db = await connectEmbedded(null, { pglite });
      try {
        await migrateLatest(db.knex);
        const tarball = await pglite.dumpDataDir('gzip');
        // Written beside and renamed: a reader never sees half a file.
        const partial = `${file}.${process.pid}.partial`;
        fs.writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
        fs.renameSync(partial, file);
        return tarball;
      } finally {
        await db.close();
      }
    })();
    templates.set(fingerprint, template);
  }
  return template;
}

/**
 * A new embedded data folder (`DATA_DIR`) that already holds a migrated database, for tests of the
 * folder and the processes that open it (its lock, the CLI, shutdown) rather than of a first start:
 * the template is unpacked into its `pgdata` by the system's tar, sparing each such folder PGlite's
 * initdb and every migration.
 */
export async function migratedDataDir(prefix: string): Promise<string> {
  const fingerprint = await migrationsFingerprint();
  await embeddedTemplate(fingerprint);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const pgdata = path.join(dataDir, 'pgdata');
  fs.mkdirSync(pgdata);
  // The tarball names its members from the root (/base/…); tar strips the slash.
  execFileSync('tar', ['-xzf', templateFile(fingerprint), '-C', pgdata], { stdio: 'ignore' });
  return dataDir;
}

const templateFile = (fingerprint: string) =>
  path.join(os.tmpdir(), `homing-pglite-template-${fingerprint}.tgz`);

const withDatabase = (name: string) => {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

async function createPostgresDatabase(template: string | null): Promise<Database> {
  const name = `homing_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = adminConnection();
  await admin.raw(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const db = connectPostgres(withDatabase(name));
  return {
    ...db,
    close: async () => {
      await db.close();
      await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.destroy();
    },
  };
}

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  body: T & { success: boolean; data: unknown; error: string | null; code?: string };
  headers: Headers;
}

export interface TestServer extends RunningServer {
  config: Config;
  api<T = Record<string, unknown>>(
    method: string,
    path: string,
    opts?: { body?: unknown; token?: string; headers?: Record<string, string>; rawBody?: BodyInit },
  ): Promise<ApiResponse<T>>;
}

/** The real product over HTTP on a fresh database; `api()` speaks JSON to it. */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  // Outbox files and local photos go to a folder of this server's own, never the repository's ./data.
  const ownDataDir = env.DATA_DIR ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'homing-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    SEED_DEMO: '0',
    // Every test speaks from 127.0.0.1; the look-up limit has its own tests that lower it.
    CODE_LOOKUP_LIMIT_PER_MINUTE: '100000',
    // Every sign-up comes from 127.0.0.1 too; the per-address limit has its own test that lowers it.
    ACCOUNT_REQUEST_LIMIT_PER_ADDRESS: '100000',
    PASSWORD_LIMIT_PER_ADDRESS: '100000',
    // Idle sockets are left to the client (testing/httpServer.ts); close() cuts them.
    HTTP_KEEP_ALIVE_TIMEOUT_MS: String(TEST_KEEP_ALIVE_MS),
    ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
    ...env,
  });
  const server = await startServer(config, { db: await migratedDatabase() });
  const api: TestServer['api'] = async (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
    let body: BodyInit | undefined = opts.rawBody;
    if (opts.body !== undefined) {
      headers['Content-Type'] ??= 'application/json';
      body = JSON.stringify(opts.body);
    }
    const res = await fetch(server.url + path, { method, headers, body });
    const text = await res.text();
    // What a route does after answering (a reset request) is done before the test reads on.
    await workAfterAnswer();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = { raw: text };
    }
    return { status: res.status, body: parsed as never, headers: res.headers };
  };
  const close = async () => {
    await server.close();
    if (ownDataDir) fs.rmSync(ownDataDir, { recursive: true, force: true });
  };
  return { ...server, close, config, api };
}

let counter = 0;
/** A unique e-mail per call, so tests never collide. */
export const uniqueEmail = (prefix = 'user') =>
  `${prefix}.${Date.now()}.${++counter}.${crypto.randomBytes(3).toString('hex')}@example.com`;
export const uniquePhone = () => `555${String(crypto.randomInt(0, 10_000_000)).padStart(7, '0')}`;

/** Registers over HTTP and returns the user and bearer token; `admin` flips the flag in the database. */
export async function signUp(
  server: TestServer,
  opts: { email?: string; admin?: boolean; password?: string } = {},
) {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? 'correct horse';
  const res = await server.api<{ user: { id: string }; sessionToken: string }>('POST', '/api/auth/register', {
    body: { email, password },
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  if (opts.admin) await server.db.knex('users').where({ id: res.body.user.id }).update({ isAdmin: true });
  return { user: res.body.user, token: res.body.sessionToken, email, password };
}
