import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WAIT_MS } from './patience';
import { freePort, listening } from './childProcess';

// Debian's Kannel: bearerbox and smsbox (package kannel), and the fake SMSC's test client fakesmsc
// (package kannel-extras), which plays the finder's handset.
export const BEARERBOX = '/usr/sbin/bearerbox';
export const SMSBOX = '/usr/sbin/smsbox';
export const FAKESMSC = '/usr/lib/kannel/test/fakesmsc';
export const KANNEL_INSTALL = 'apt-get install kannel kannel-extras';
export const kannelInstalled = () => [BEARERBOX, SMSBOX, FAKESMSC].every((file) => fs.existsSync(file));

async function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  await exited;
}

/** The bytes of Kannel's URL encoding (`+` a space, `%XX` a byte, any other character its own). */
const urlBytes = (encoded: string) =>
  Buffer.from(
    encoded
      .replace(/\+/g, ' ')
      .replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  );

/** A text as the fake SMSC handed it to the handset. */
export interface HandsetText {
  from: string;
  to: string;
  text: string;
}

/**
 * A real Kannel on loopback, in two steps: `prepareKannel()` picks its ports, so the API can be
 * configured with its sendsms address (`env`) before it starts; `start(webhookUrl)` writes the
 * configuration (bearerbox with a fake SMSC, smsbox with a sendsms user and one catch-all
 * sms-service posting every text to `webhookUrl`, taking the answer's X-Kannel headers, as the
 * README's configuration does) and starts both boxes.
 */
export async function prepareKannel(ourNumber = '+15550001111') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'homing-kannel-'));
  // Four different ports: a port just closed may be handed out again (two boxes on one port fail).
  const ports = new Set<number>();
  while (ports.size < 4) ports.add(await freePort());
  const [admin, boxes, smsc, sendsms] = [...ports] as [number, number, number, number];
  const user = { username: 'homing', password: 'sendsms-secret-0123' };
  const children: ChildProcess[] = [];
  const env = {
    SMS_PROVIDER: 'kannel',
    KANNEL_SENDSMS_URL: `http://127.0.0.1:${sendsms}/cgi-bin/sendsms`,
    KANNEL_USERNAME: user.username,
    KANNEL_PASSWORD: user.password,
    KANNEL_FROM: ourNumber,
  };

  const run = async (binary: string, conf: string, port: number, name: string) => {
    const log = fs.openSync(path.join(dir, `${name}.out`), 'a');
    const child = spawn(binary, ['-v', '1', conf], { stdio: ['ignore', log, log] });
    children.push(child);
    const until = Date.now() + WAIT_MS;
    while (!(await listening(port))) {
      if (child.exitCode !== null || Date.now() > until)
        throw new Error(`${name} did not start: ${fs.readFileSync(path.join(dir, `${name}.out`), 'utf8')}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  /** The handset the fake SMSC serves (one at a time): each text is one run of fakesmsc. */
  let current: ChildProcess | null = null;
  const received: HandsetText[] = [];
  /** Parts of concatenated texts (UDH 05 00 03 ref total seq), by sender, receiver and ref. */
  const parts = new Map<string, string[]>();
  /**
   * One line of fakesmsc: `text` is the text as is; `ucs-2` the URL-encoded UTF-16BE of a text
   * sent as UCS-2; a part of a longer text has its UDH and its `data` URL-encoded (UTF-16BE for a
   * UCS-2 text, GSM's characters as bytes otherwise).
   */
  const take = (from: string, to: string, udh: string | undefined, kind: string, payload: string) => {
    const bytes = () => urlBytes(payload);
    const utf16 = (b: Buffer) => Buffer.from(b).swap16().toString('utf16le');
    let text = kind === 'text' ? payload : kind === 'ucs-2' ? utf16(bytes()) : null;
    if (text === null) {
      const b = bytes();
      // UCS-2 of Latin letters: every other byte 0 (a GSM byte 0 is a rare "@").
      const zeros = b.filter((byte, i) => i % 2 === 0 && byte === 0).length;
      const wide = b.length % 2 === 0 && zeros * 4 >= b.length;
      text = wide ? utf16(b) : b.toString('latin1');
    }
    if (!udh) return void received.push({ from, to, text });
    const header = urlBytes(udh);
    const [ref, total, seq] = [header[3]!, header[4]!, header[5]!];
    const key = `${from} ${to} ${ref}`;
    const got = parts.get(key) ?? Array.from({ length: total }, () => '');
    got[seq - 1] = text;
    parts.set(key, got);
    if (got.every((part) => part !== '')) {
      parts.delete(key);
      received.push({ from, to, text: got.join('') });
    }
  };
  const handset = {
    received,
    /** Sends `text` from `from` to our number; stays connected to get what is sent back. */
    async text(from: string, text: string) {
      if (current) await stop(current, 'SIGINT');
      const child = spawn(
        FAKESMSC,
        ['-H', '127.0.0.1', '-r', String(smsc), '-i', '0', '-m', '1', `${from} ${ourNumber} text ${text}`],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      current = child;
      let pending = '';
      const read = (chunk: Buffer) => {
        pending += chunk.toString('utf8');
        const lines = pending.split('\n');
        pending = lines.pop()!;
        for (const line of lines) {
          const got = /Got message \d+: <(\S+) (\S+) (?:udh (\S+) )?(text|data|ucs-2) (.*)>\s*$/.exec(line);
          if (got) take(got[1]!, got[2]!, got[3], got[4]!, got[5]!);
        }
      };
      child.stdout!.on('data', read);
      child.stderr!.on('data', read);
    },
    /** The first text sent to `to` that matches, waiting for it. */
    async waitFor(to: string, match: (text: string) => boolean = () => true) {
      const until = Date.now() + WAIT_MS;
      for (;;) {
        const found = received.find((m) => m.to === to && match(m.text));
        if (found || Date.now() > until) return found;
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    textsTo: (to: string) => received.filter((m) => m.to === to).map((m) => m.text),
  };

  return {
    env,
    handset,
    /** Bearerbox's access log: every text it received and sent. */
    accessLog: () => fs.readFileSync(path.join(dir, 'access.log'), 'utf8'),
    async start(webhookUrl: string) {
      const conf = path.join(dir, 'kannel.conf');
      fs.writeFileSync(
        conf,
        `group = core
admin-port = ${admin}
admin-password = "admin-secret-0123"
admin-interface = "127.0.0.1"
smsbox-port = ${boxes}
smsbox-interface = "127.0.0.1"
box-allow-ip = "127.0.0.1"
log-file = "${dir}/bearerbox.log"
log-level = 1
access-log = "${dir}/access.log"

group = smsc
smsc = fake
smsc-id = fake
port = ${smsc}
connect-allow-ip = "127.0.0.1"

group = smsbox
bearerbox-host = 127.0.0.1
bearerbox-port = ${boxes}
sendsms-port = ${sendsms}
sendsms-interface = "127.0.0.1"
log-file = "${dir}/smsbox.log"
log-level = 1
mo-recode = true

group = sendsms-user
username = "${user.username}"
password = "${user.password}"
max-messages = 3
concatenation = true

group = sms-service
keyword = default
catch-all = true
post-url = "${webhookUrl}"
max-messages = 3
concatenation = true
omit-empty = true
accept-x-kannel-headers = true
`,
      );
      await run(BEARERBOX, conf, smsc, 'bearerbox');
      await run(SMSBOX, conf, sendsms, 'smsbox');
    },
    async close() {
      if (current) await stop(current, 'SIGINT');
      for (const child of children.reverse()) await stop(child);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
