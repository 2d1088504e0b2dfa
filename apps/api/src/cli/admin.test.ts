import { describe, expect, it } from 'vitest';
import { connectEmbedded, migrateLatest, type Database } from '../db/connection';
import { userRegistrar } from '../services/accounts/userRegistrar';
import { startScript } from '../testing/childProcess';
import { freshDatabase, migratedDataDir, testDbKind } from '../testing/testServer';
import { parseAdminArgs, setAdminRights } from './adminRights';

/** The database the CLI will open, and the environment that points it there. */
async function target(): Promise<{
  db: Database;
  env: Record<string, string>;
  reopen: () => Promise<Database>;
}> {
  if (testDbKind() === 'postgres') {
    const db = await freshDatabase('postgres');
    return { db, env: { DATABASE_URL: db.url! }, reopen: async () => db };
  }
  // The embedded folder admits one process: the test closes it before the CLI runs.
  const dataDir = await migratedDataDir('homing-admin-cli-');
  const db = await connectEmbedded(dataDir);
  return { db, env: { DATA_DIR: dataDir }, reopen: () => connectEmbedded(dataDir) };
}

/**
 * `npm run admin -- …` as a child process. Spawned, not spawnSync: this process must keep running
 * while the CLI starts, or a data-folder lock it holds (refreshed on a timer) would look stale on a
 * busy machine and the CLI would take it over.
 */
async function admin(args: string[], env: Record<string, string>) {
  const cli = startScript(
    'apps/api/src/cli/admin.ts',
    { ...env, DATABASE_URL: env.DATABASE_URL ?? '' },
    args,
  );
  const { code } = await cli.exited;
  return { status: code, output: cli.output(), stderr: cli.out.stderr };
}

describe('npm run admin -- grant|revoke <email-or-phone>', () => {
  it('grants and revokes admin rights by e-mail or phone, and says when nobody matches', async () => {
    const { db, env, reopen } = await target();
    await migrateLatest(db.knex);
    for (const [email, phoneNumber] of [
      ['ann@example.com', null],
      [null, '+15550100002'],
    ])
      await userRegistrar(
        { email, phoneNumber, password: 'password1', name: null, smsOptIn: phoneNumber !== null },
        { trx: db.knex },
      );
    // Read as typed, then applied (what the command runs after opening the database).
    const run = (args: string[]) => {
      const change = parseAdminArgs(args);
      return 'status' in change ? change : setAdminRights(db.knex, change);
    };
    expect(await run(['grant', '(555) 010-0002'])).toEqual({
      status: 0,
      message: '(555) 010-0002 is now an admin.',
    });
    expect(await run(['revoke', 'ann@example.com'])).toEqual({
      status: 0,
      message: 'ann@example.com is no longer an admin.',
    });
    expect(await run(['grant', 'nobody@example.com'])).toEqual({
      status: 1,
      message: 'No account with nobody@example.com. The person must register first.',
    });
    expect(await run(['grant', 'not a contact'])).toMatchObject({ status: 2 });
    if (testDbKind() === 'embedded') await db.close();

    // The command itself, as a process: its output and exit codes.
    const byEmail = await admin(['grant', 'ANN@example.com'], env);
    expect(byEmail.status).toBe(0);
    expect(byEmail.output).toContain('ANN@example.com is now an admin.');
    const usage = await admin(['promote', 'ann@example.com'], env);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('usage: npm run admin -- grant|revoke <email-or-phone>');

    const after = await reopen();
    const rows = await after.knex('users').select('email', 'phoneNumber', 'isAdmin').orderBy('createdAt');
    expect(rows.map((r) => r.isAdmin)).toEqual([true, true]);
    await after.close();
  });

  // The lock exists only on the embedded data folder (PostgreSQL admits many processes).
  it.skipIf(testDbKind() === 'postgres')(
    'on a data folder held by a running server, prints the reason without a stack trace',
    async () => {
      const dataDir = await migratedDataDir('homing-admin-locked-');
      const running = await connectEmbedded(dataDir);
      try {
        const res = await admin(['grant', 'ann@example.com'], { DATA_DIR: dataDir });
        expect(res.status).toBe(1);
        expect(res.stderr).toContain(
          `The data folder ${dataDir} is already in use by another Homing process.`,
        );
        expect(res.stderr).not.toMatch(/^\s+at /m);
      } finally {
        await running.close();
      }
    },
  );
});
