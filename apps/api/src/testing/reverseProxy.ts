import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, listening } from './childProcess';
import { WAIT_MS } from './patience';

export const NGINX = '/usr/sbin/nginx';

/** What docs/DEPLOY.md has the main nginx.conf set (deploy/nginx.conf.template's header too). */
export const DEPLOY_WORKER_CONNECTIONS = 8192;
export const DEPLOY_WORKER_RLIMIT_NOFILE = 20000;

/** deploy/nginx.conf.template's access log (a test's nginx writes it to its own folder instead). */
const DEPLOY_ACCESS_LOG = 'access_log /var/log/nginx/homing.access.log ';

/** nginx's main file for a test or bench: no daemon, everything under `dir`, `http` holding `body`. */
export const mainConf = (dir: string, body: string, workerConnections = 256, rlimitNofile?: number) => `
daemon off;
master_process off;
pid ${dir}/nginx.pid;${rlimitNofile ? `\nworker_rlimit_nofile ${rlimitNofile};` : ''}
error_log ${dir}/error.log warn;
events { worker_connections ${workerConnections}; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${body}
}
`;

/** Runs nginx on `conf` (a complete main file) and resolves once `port` answers. */
export async function runNginx(dir: string, conf: string, port: number) {
  fs.writeFileSync(path.join(dir, 'nginx.conf'), conf);
  const child: ChildProcess = spawn(
    NGINX,
    ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')],
    { stdio: 'ignore' },
  );
  const until = Date.now() + WAIT_MS;
  while (!(await listening(port))) {
    if (child.exitCode !== null || Date.now() > until) {
      const log = fs.existsSync(path.join(dir, 'error.log'))
        ? fs.readFileSync(path.join(dir, 'error.log'), 'utf8')
        : '';
      child.kill('SIGKILL');
      throw new Error(`nginx did not start: ${log}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    dir,
    pid: child.pid!,
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A real nginx on loopback in front of `upstream`, configured as the README advises: it appends the
 * address it saw to X-Forwarded-For ($proxy_add_x_forwarded_for), keeping what the client sent.
 */
export async function startNginx(upstream: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'homing-nginx-'));
  const port = await freePort();
  const body = `
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass ${upstream};
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }
  }`;
  const nginx = await runNginx(dir, mainConf(dir, body), port);
  return { url: `http://127.0.0.1:${port}`, close: nginx.close };
}

/**
 * nginx running the repository's deploy/nginx.conf.template, rendered as DEPLOY.md says (only the
 * HOMING_* variables are replaced), with a fresh self-signed certificate, in front of `apiPorts`,
 * under the main-file settings DEPLOY.md gives. `limitExempt`: HOMING_LIMIT_EXEMPT's geo lines.
 */
export async function startDeployNginx(templatePath: string, apiPorts: number[], limitExempt = '') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'homing-deploy-nginx-'));
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  const vars: Record<string, string> = {
    HOMING_SERVERS: apiPorts.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=10s;`).join(' '),
    HOMING_HTTP_LISTEN: `127.0.0.1:${httpPort}`,
    HOMING_HTTPS_LISTEN: `127.0.0.1:${httpsPort}`,
    HOMING_SERVER_NAME: 'localhost',
    HOMING_TLS_CERT: cert,
    HOMING_TLS_KEY: key,
    HOMING_LIMIT_EXEMPT: limitExempt,
  };
  // What `envsubst '${HOMING_…}'` does: replace the named variables, leave nginx's own alone.
  const substituted = fs
    .readFileSync(templatePath, 'utf8')
    .replace(/\$\{(HOMING_[A-Z_]+)\}/g, (whole, name: string) => vars[name] ?? whole);
  // The access log goes in the test's folder, not the system's (which needs root to write).
  const accessLog = path.join(dir, 'access.log');
  const rendered = substituted.replace(DEPLOY_ACCESS_LOG, `access_log ${accessLog} `);
  if (rendered === substituted) throw new Error(`${templatePath} no longer has "${DEPLOY_ACCESS_LOG}"`);
  const nginx = await runNginx(
    dir,
    mainConf(dir, rendered, DEPLOY_WORKER_CONNECTIONS, DEPLOY_WORKER_RLIMIT_NOFILE),
    httpsPort,
  );
  return {
    httpsPort,
    httpUrl: `http://127.0.0.1:${httpPort}`,
    httpsUrl: `https://127.0.0.1:${httpsPort}`,
    rendered,
    accessLog,
    close: nginx.close,
  };
}
