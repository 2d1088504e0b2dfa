import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { currentMigrationName, migrationSource } from './index';

const DAY_MS = 24 * 60 * 60 * 1000;
const root = fileURLToPath(new URL('..', import.meta.url));

/** A commit of the main line that added migrations, oldest first. */
interface Landing {
  commit: string;
  /** Commit time, ms since the epoch. */
  at: number;
  names: string[];
}

const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/**
 * The commits that brought migrations to this branch's main line (first parents: a migration made
 * on a branch lands when the branch is merged), oldest first; or why git cannot say.
 */
function landings(): Landing[] | string {
  try {
    if (git('rev-parse', '--is-shallow-repository').trim() === 'true')
      return 'shallow clone: its history does not reach the first migrations (git fetch --unshallow)';
  } catch {
    return 'no git history here (git missing, or not a clone)';
  }
  const out = git(
    'log',
    '--first-parent',
    '--reverse',
    '--no-renames',
    '--diff-filter=A',
    '--name-only',
    '--format=@%H %ct',
    '--',
    'migrations/',
  );
  const result: Landing[] = [];
  for (const line of out.split('\n')) {
    const header = /^@(\w+) (\d+)$/.exec(line);
    if (header) result.push({ commit: header[1], at: Number(header[2]) * 1000, names: [] });
    else if (/^migrations\/[^/]+$/.test(line)) result.at(-1)?.names.push(line.slice('migrations/'.length));
  }
  return result;
}

const stampTime = (name: string) =>
  Date.parse(name.replace(/^(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)_.*/, '$1-$2-$3T$4:$5:$6Z'));

/**
 * What is wrong with the order of `migrations` given the history that added them: each migration
 * landed in a later commit must sort after every one landed in an earlier commit, and none may be
 * stamped more than a day after its commit. A migration git has not seen yet counts as landing
 * now, after them all. History under a renamed migration's old name counts for its new name.
 */
function orderProblems(migrations: string[], history: Landing[], now: number): string[] {
  const landed = new Map<string, { index: number; commit: string; at: number }>();
  history.forEach(({ commit, at, names }, index) => {
    for (const name of names.map(currentMigrationName))
      if (!landed.has(name)) landed.set(name, { index, commit: commit.slice(0, 10), at });
  });
  const uncommitted = { index: history.length, commit: 'not committed yet', at: now };
  const entries = migrations
    .map((name) => ({ name, ...(landed.get(name) ?? uncommitted) }))
    .sort((a, b) => a.index - b.index || a.name.localeCompare(b.name));
  const problems: string[] = [];
  let latest: (typeof entries)[number] | null = null;
  for (const entry of entries) {
    if (latest && latest.index < entry.index && entry.name <= latest.name)
      problems.push(
        `${entry.name} (${entry.commit}) sorts before ${latest.name}, which landed earlier (${latest.commit}): ` +
          'databases ran that one first. Rename it to the current time (npm run db:make stamps it).',
      );
    if (stampTime(entry.name) > entry.at + DAY_MS)
      problems.push(
        `${entry.name} is stamped more than a day after its commit (${entry.commit}, ` +
          `${new Date(entry.at).toISOString()}): name migrations by the time they are made.`,
      );
    if (!latest || entry.name > latest.name) latest = entry;
  }
  return problems;
}

describe('the order of migrations', () => {
  it('puts every migration after those that landed before it, none stamped ahead of its commit', async (ctx) => {
    const history = landings();
    if (typeof history === 'string') return ctx.skip(`migration order not checked: ${history}`);
    expect(history.length).toBeGreaterThan(0);
    const migrations = await migrationSource.getMigrations([]);
    expect(orderProblems(migrations, history, Date.now())).toEqual([]);
  });

  it('fails a migration that sorts before one landed earlier, or one stamped ahead of time', () => {
    const hour = 60 * 60 * 1000;
    const at = Date.parse('2026-11-26T10:00:00Z');
    const history: Landing[] = [
      { commit: 'a'.repeat(40), at, names: ['20261126095000_first.ts'] },
      { commit: 'b'.repeat(40), at: at + hour, names: ['20261126105000_second.ts'] },
    ];
    expect(
      orderProblems(['20261126095000_first.ts', '20261126105000_second.ts'], history, at + 2 * hour),
    ).toEqual([]);
    // Made today under an old habit (dated weeks ahead), then one made today sorting before it.
    const ahead = orderProblems(
      ['20261126095000_first.ts', '20261126105000_second.ts', '20261217100000_ahead.ts'],
      [...history, { commit: 'c'.repeat(40), at: at + 2 * hour, names: ['20261217100000_ahead.ts'] }],
      at + 3 * hour,
    );
    expect(ahead).toEqual([expect.stringMatching(/^20261217100000_ahead\.ts is stamped more than a day/)]);
    const before = orderProblems(
      ['20261126095000_first.ts', '20261126100000_late.ts', '20261126105000_second.ts'],
      history,
      at + 3 * hour,
    );
    expect(before).toEqual([
      expect.stringMatching(
        /^20261126100000_late\.ts \(not committed yet\) sorts before 20261126105000_second\.ts, which landed earlier/,
      ),
    ]);
  });
});
