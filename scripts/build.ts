/**
 * `npm run build`: what `npm start`, the systemd units and the tests that start the API as a process
 * run with plain `node`.
 *
 * - The API and its command-line tools, each bundled by esbuild into one file of apps/api/dist. The
 *   workspaces (@homing/shared, @homing/label-layout, @homing/migrations: TypeScript) are bundled;
 *   every installed package stays outside and is loaded from node_modules as installed, so
 *   PGlite finds its .wasm and .data files and sharp its native library. A file is written beside
 *   its old one and renamed over it: a process starting meanwhile reads one whole version.
 * - The web app, built by Vite only when its sources changed: into a folder of apps/web/builds named
 *   by the sources' hash, which `apps/web/dist` (a symbolic link) is then switched to in one rename.
 *   A server already running keeps the build it started with (webApp.ts resolves the link once),
 *   so a second `npm start` in the same folder never changes the pages the first one serves.
 *
 * `npm run build -- --api` or `-- --web` builds one half.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import * as esbuild from 'esbuild';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const apiDist = path.join(repoRoot, 'apps/api/dist');
const webRoot = path.join(repoRoot, 'apps/web');
/** The link the API serves (config.ts: WEB_DIST's default), and the builds it can point at. */
export const webDist = path.join(webRoot, 'dist');
const webBuilds = path.join(webRoot, 'builds');
/** Written last into a web build: a folder without it is not (yet) a whole build. */
export const WEB_STAMP = 'build-stamp.json';
/** Builds kept besides the current one, for servers still running one of them. */
const KEEP_OLD_BUILDS = 3;

/** Each bundle of apps/api/dist and its source. */
export const API_ENTRIES = {
  main: 'apps/api/src/main.ts',
  worker: 'apps/api/src/cli/worker.ts',
  admin: 'apps/api/src/cli/admin.ts',
  db: 'apps/api/src/cli/db.ts',
  'move-to-postgres': 'apps/api/src/cli/moveToPostgres.ts',
} as const;

/** `knex/lib/x` → `knex`, `@aws-sdk/client-s3` → itself. */
const packageName = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * Installed packages stay outside the bundle, loaded at run time from where `node apps/api/dist/…`
 * finds them (the API's node_modules or the root's); the workspaces' TypeScript is bundled, and so
 * is a package installed only under another workspace (which the bundle could not find).
 */
const installedPackagesOutside: esbuild.Plugin = {
  name: 'installed-packages-outside',
  setup(build) {
    const reachable = (name: string) =>
      [path.join(repoRoot, 'apps/api/node_modules'), path.join(repoRoot, 'node_modules')].some((dir) =>
        fs.existsSync(path.join(dir, name, 'package.json')),
      );
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (isBuiltin(args.path)) return { path: args.path, external: true };
      const name = packageName(args.path);
      if (name.startsWith('@homing/') || !reachable(name)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** Bundles the API's entries into apps/api/dist; returns the files written. */
export async function buildApi(): Promise<string[]> {
  const result = await esbuild.build({
    absWorkingDir: repoRoot,
    entryPoints: { ...API_ENTRIES },
    outdir: apiDist,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    // Stack traces name the real functions (the logs of a failure in production).
    keepNames: true,
    write: false,
    logLevel: 'warning',
    plugins: [installedPackagesOutside],
  });
  fs.mkdirSync(apiDist, { recursive: true });
  const suffix = `.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  // Maps first: a bundle never points at a map of another version for long.
  const files = result.outputFiles.toSorted(
    (a, b) => Number(b.path.endsWith('.map')) - Number(a.path.endsWith('.map')),
  );
  for (const file of files) {
    fs.writeFileSync(file.path + suffix, file.contents);
    fs.renameSync(file.path + suffix, file.path);
  }
  return files.map((f) => f.path);
}

/** What the web build reads besides its own folder: the workspaces it imports, the tools' versions, this. */
const WEB_INPUTS = [
  'packages/shared',
  'packages/label-layout',
  'package-lock.json',
  'tsconfig.base.json',
  'scripts/build.ts',
];
const SKIPPED = new Set(['node_modules', 'dist', 'builds', '.vite']);

function filesUnder(abs: string): string[] {
  const stat = fs.statSync(abs, { throwIfNoEntry: false });
  if (!stat) return [];
  if (!stat.isDirectory()) return [abs];
  return fs
    .readdirSync(abs)
    .filter((name) => !SKIPPED.has(name) && !/\.test\.tsx?$/.test(name))
    .sort()
    .flatMap((name) => filesUnder(path.join(abs, name)));
}

/**
 * A digest of every file the web build reads (the app's folder, the workspaces it imports, the
 * lockfile) and of the `VITE_` variables Vite puts into it: the name of the build they make.
 */
export function webSourceHash(): string {
  const hash = crypto.createHash('sha256');
  for (const file of [webRoot, ...WEB_INPUTS.map((p) => path.join(repoRoot, p))].flatMap(filesUnder))
    hash.update(path.relative(repoRoot, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  for (const [name, value] of Object.entries(process.env).sort())
    if (name.startsWith('VITE_')) hash.update(`${name}=${value}\0`);
  return hash.digest('hex').slice(0, 16);
}

const isWholeBuild = (dir: string) => fs.existsSync(path.join(dir, WEB_STAMP));

/** Where a symbolic link points; null for anything else or nothing. */
function linkTarget(link: string): string | null {
  try {
    return fs.readlinkSync(link);
  } catch {
    return null;
  }
}

/** Points `link` at `target` in one rename: a reader sees the old folder or the new one. */
function switchLink(link: string, target: string) {
  const temp = `${link}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  fs.symlinkSync(target, temp);
  // A folder left by builds before this script (Vite's own dist) cannot be renamed over.
  const old = fs.lstatSync(link, { throwIfNoEntry: false });
  if (old && !old.isSymbolicLink()) fs.rmSync(link, { recursive: true, force: true });
  fs.renameSync(temp, link);
}

/** Removes all but the newest KEEP_OLD_BUILDS builds besides `current`, and leftovers of failed builds. */
function pruneWebBuilds(current: string) {
  const entries = fs.readdirSync(webBuilds).map((name) => {
    const dir = path.join(webBuilds, name);
    return { dir, whole: isWholeBuild(dir), at: fs.statSync(dir).mtimeMs };
  });
  const hour = 3600_000;
  const old = entries.filter((e) => e.dir !== current && e.whole).sort((a, b) => b.at - a.at);
  // An unfinished folder younger than an hour may be another process's build under way.
  const stale = entries.filter((e) => !e.whole && Date.now() - e.at > hour);
  for (const { dir } of [...old.slice(KEEP_OLD_BUILDS), ...stale])
    fs.rmSync(dir, { recursive: true, force: true });
}

/** Text files the server sends as they are; under 1 kB compressing gains nothing (as koa-compress). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
const COMPRESS_FROM_BYTES = 1024;

/**
 * Writes beside each compressible file of a build its brotli (`.br`, the best quality) and gzip
 * (`.gz`) forms, once, so the server sends them as they are (webApp.ts) instead of compressing the
 * same bytes on every request. A form no smaller than the file is not written. Returns how many
 * files got one.
 */
export function precompress(dir: string): number {
  let count = 0;
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const bytes = fs.readFileSync(file);
    if (bytes.length < COMPRESS_FROM_BYTES) continue;
    const forms = {
      br: zlib.brotliCompressSync(bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
      gz: zlib.gzipSync(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
    };
    let wrote = false;
    for (const [ext, form] of Object.entries(forms))
      if (form.length < bytes.length) {
        fs.writeFileSync(`${file}.${ext}`, form);
        wrote = true;
      }
    if (wrote) count++;
  }
  return count;
}

/**
 * Builds the web app unless the build of its current sources exists, and points apps/web/dist at
 * it. Returns the build's folder and whether it was built now.
 */
export function buildWeb(opts: { log?: (line: string) => void } = {}): { dir: string; built: boolean } {
  const log = opts.log ?? ((line: string) => console.log(line));
  const hash = webSourceHash();
  const dir = path.join(webBuilds, hash);
  let built = false;
  if (!isWholeBuild(dir)) {
    fs.mkdirSync(webBuilds, { recursive: true });
    const temp = `${dir}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
    log(`building the web app (sources ${hash}) into ${path.relative(repoRoot, dir)}`);
    const vite = path.join(repoRoot, 'node_modules/vite/bin/vite.js');
    for (const config of ['vite.config.ts', 'vite.found.config.ts']) {
      const run = spawnSync(process.execPath, [vite, 'build', '--config', config, '--outDir', temp], {
        cwd: webRoot,
        stdio: 'inherit',
        // Always the production build, whatever the caller's NODE_ENV (a test runner sets `test`).
        env: { ...process.env, NODE_ENV: 'production' },
      });
      if (run.status !== 0) {
        fs.rmSync(temp, { recursive: true, force: true });
        throw new Error(`vite build --config ${config} failed (exit ${run.status ?? run.signal})`);
      }
    }
    log(`precompressed ${precompress(temp)} files (.br, .gz)`);
    fs.writeFileSync(
      path.join(temp, WEB_STAMP),
      `${JSON.stringify({ sources: hash, builtAt: new Date() })}\n`,
    );
    try {
      fs.renameSync(temp, dir);
      built = true;
    } catch (err) {
      // Another process finished the same build first: it is as good as this one.
      fs.rmSync(temp, { recursive: true, force: true });
      if (!isWholeBuild(dir)) throw err;
    }
  }
  const target = path.relative(webRoot, dir);
  if (linkTarget(webDist) !== target) switchLink(webDist, target);
  // Pruning keeps the builds switched to last: touched, this one counts as the newest.
  const now = new Date();
  fs.utimesSync(dir, now, now);
  pruneWebBuilds(dir);
  if (!built) log(`web app up to date (sources ${hash})`);
  return { dir, built };
}

async function main() {
  const only = process.argv.slice(2);
  if (!only.length || only.includes('--api')) {
    const started = Date.now();
    await buildApi();
    console.log(`bundled the API into ${path.relative(repoRoot, apiDist)} in ${Date.now() - started} ms`);
  }
  if (!only.length || only.includes('--web')) buildWeb();
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
