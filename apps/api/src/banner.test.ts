import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { startupBanner } from './banner';
import { ConfigError, loadConfig } from './config';
import { createLogger } from './logger';
import { freePort, startScript } from './testing/childProcess';
import { testDbKind } from './testing/testServer';

describe('log format', () => {
  it('is readable in a terminal and JSON otherwise, unless LOG_FORMAT says', () => {
    expect(loadConfig({}, { stdoutIsTTY: true }).logFormat).toBe('pretty');
    expect(loadConfig({}, { stdoutIsTTY: false }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }, { stdoutIsTTY: true }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, { stdoutIsTTY: false }).logFormat).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(ConfigError);
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(
      /^Invalid configuration:\n {2}LOG_FORMAT: must be pretty or json/,
    );
  });

  it('writes one readable line per event, or one JSON object per line', () => {
    const lines = (format: 'pretty' | 'json') => {
      const out = new PassThrough();
      let text = '';
      out.on('data', (d: Buffer) => (text += d.toString()));
      createLogger('info', format, out).info({ port: 3000, body: { password: 'hunter2' } }, 'listening');
      return text.trim();
    };
    const json = JSON.parse(lines('json')) as Record<string, unknown>;
    expect(json).toMatchObject({ level: 30, msg: 'listening', port: 3000 });
    expect(json.body).toEqual({});
    const pretty = lines('pretty');
    expect(() => JSON.parse(pretty) as unknown).toThrow();
    expect(pretty).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: listening {.*"port":3000.*}$/);
    expect(pretty).not.toContain('hunter2');
    expect(pretty.split('\n')).toHaveLength(1);
  });
});

describe('start banner', () => {
  it('names the URL, the admin, the demo label and the outbox folders on the embedded trial', () => {
    const config = loadConfig({ DATA_DIR: '/srv/homing-data', PORT: '4000' }, { stdoutIsTTY: true });
    const text = startupBanner(config, {
      admin: { contact: 'admin@homing.local', password: 's3cret-once' },
      demoUrl: 'http://localhost:4000/qr/ABC123',
    });
    expect(text).toContain('Homing is running at http://localhost:4000');
    expect(text).toContain('embedded, kept in /srv/homing-data');
    expect(text).toMatch(/Admin +admin@homing\.local \/ s3cret-once {2}\(the password is shown only now/);
    expect(text).toMatch(/Demo label +http:\/\/localhost:4000\/qr\/ABC123/);
    expect(text).toMatch(/E-mails +not sent: written to \/srv\/homing-data\/outbox\/mail/);
    expect(text).toMatch(/SMS +not sent: written to \/srv\/homing-data\/outbox\/sms/);
    expect(text).toMatch(/Logs +readable lines/);
  });

  it('names the SMTP server and the database host, never their credentials', () => {
    const config = loadConfig(
      {
        DATABASE_URL: 'postgres://homing:db-password@db.internal:5432/homing',
        SMTP_URL: 'smtps://mailer:smtp-password@smtp.example.com:465',
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: 'AC1',
        TWILIO_AUTH_TOKEN: 'twilio-token',
        TWILIO_FROM: '+15550000000',
        WORKER: '0',
      },
      { stdoutIsTTY: false },
    );
    const text = startupBanner(config, null);
    expect(text).toContain('PostgreSQL at db.internal:5432/homing');
    expect(text).toContain('sent through the SMTP server smtp.example.com:465');
    expect(text).toContain('sent through Twilio (https://api.twilio.com)');
    expect(text).toContain('npm run worker');
    expect(text).toMatch(/Admin +sign up, then `npm run admin -- grant/);
    expect(text).toMatch(/Logs +JSON lines/);
    for (const secret of ['db-password', 'smtp-password', 'twilio-token', 'mailer:'])
      expect(text).not.toContain(secret);
  });
});

/** main.ts as a real child process, as a person starts it (development, info logs). */
const startMain = (env: Record<string, string>) =>
  startScript('apps/api/src/main.ts', {
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    ...env,
  });

/** Starts main.ts, waits for its banner and one request's log line, then stops it (SIGTERM). */
async function startAndStop(env: Record<string, string>) {
  const main = startMain(env);
  await main.until((text) => text.includes('Stop with Ctrl-C.'));
  // One request, so the process writes a log line in the format under test.
  await fetch(`http://127.0.0.1:${env.PORT}/api/item-types`);
  await main.until((text) => text.includes('/api/item-types'));
  main.child.kill('SIGTERM');
  await main.exited;
  return main.out.all;
}

// The embedded trial's first start is what this checks: a PostgreSQL run would only repeat it.
describe.skipIf(testDbKind() !== 'embedded')('npm start on a new data folder', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'homing-banner-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  // Two starts on one folder, each a test of its own: a first start (the embedded database made and
  // migrated, the demo seeded) can take minutes on a busy machine, and each start gets the whole
  // hang guard.
  let port: number;
  let password: string | undefined;
  it('prints the banner with the admin password at the first start; logs are JSON when piped', async () => {
    port = await freePort();
    const first = await startAndStop({ DATA_DIR: dataDir, PORT: String(port), SEED_DEMO: '1' });
    expect(first).toContain(`Homing is running at http://localhost:${port}`);
    password = /Admin +admin@homing\.local \/ (\S+)/.exec(first)?.[1];
    expect(password).toBeTruthy();
    expect(first).toMatch(new RegExp(`Demo label +http://localhost:${port}/qr/[0-9A-Z]+`));
    expect(first).toContain(`written to ${path.join(dataDir, 'outbox', 'mail')}`);
    // stdout is a pipe here: JSON lines.
    const logLine = first.split('\n').find((l) => l.includes('created a local admin account'))!;
    expect(JSON.parse(logLine)).toMatchObject({ level: 30, msg: 'created a local admin account' });
  });

  it('never shows the password again, and logs readable lines when asked', async () => {
    expect(password, 'the first start showed a password').toBeTruthy();
    const second = await startAndStop({
      DATA_DIR: dataDir,
      PORT: String(port),
      SEED_DEMO: '1',
      LOG_FORMAT: 'pretty',
    });
    expect(second).toMatch(/Admin +admin@homing\.local {2}\(its password was shown at the first start/);
    expect(second).not.toContain(password!);
    expect(second).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: /m);
  });

  it('on a busy port says so in one line and exits 1, before it creates the data folder or the admin', async () => {
    const busy = net.createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const port = (busy.address() as net.AddressInfo).port;
    const fresh = path.join(dataDir, 'never-made');
    try {
      const main = startMain({ DATA_DIR: fresh, PORT: String(port), SEED_DEMO: '1' });
      expect((await main.exited).code).toBe(1);
      expect(main.out.all).toBe(
        `Port ${port} is already in use: stop the other process or set PORT to a free port (PORT=${port + 1} npm start)\n`,
      );
      expect(fs.existsSync(fresh)).toBe(false);
    } finally {
      busy.close();
    }
  });
});
