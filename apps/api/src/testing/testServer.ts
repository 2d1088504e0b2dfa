import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import knexFactory from 'knex';
import { loadConfig, type Config } from '../config';
import { connectEmbedded, connectPostgres, type Database } from '../db/connection';
import { startServer, type RunningServer } from '../server';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export type TestDbKind = 'postgres' | 'embedded';
export const testDbKind = (): TestDbKind =>
  process.env.HOMING_TEST_DB === 'postgres' ? 'postgres' : 'embedded';

/** A fresh database of the kind under test: its own PostgreSQL database, or an in-memory PGlite. */
export async function freshDatabase(kind: TestDbKind = testDbKind()): Promise<Database> {
  if (kind === 'embedded') {
    return connectEmbedded(null);
  }
  const name = `homing_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: TEST_DATABASE_URL, pool: { min: 0, max: 1 } });
  await admin.raw(`CREATE DATABASE ${name}`);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const db = connectPostgres(url.toString());
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
    ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
    ...env,
  });
  const server = await startServer(config, { db: await freshDatabase() });
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
