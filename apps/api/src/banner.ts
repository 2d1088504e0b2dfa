import path from 'node:path';
import type { Config } from './config';
import type { SeedOutcome } from './db/seedLocal';

/** `host:port/database` of a connection URL, never its user or password. */
const withoutCredentials = (url: string) => {
  try {
    const u = new URL(url);
    return `${u.host}${u.pathname}`;
  } catch {
    return 'the configured server';
  }
};

/**
 * What `npm start` prints once it listens: where the app is, who can sign in, a label to try, and
 * where e-mails and text messages go (a folder on the embedded trial, so nothing seems lost).
 */
export function startupBanner(config: Config, seed: SeedOutcome | null): string {
  const rows: [string, string][] = [];
  rows.push([
    'Database',
    config.databaseUrl
      ? `PostgreSQL at ${withoutCredentials(config.databaseUrl)}`
      : `embedded, kept in ${config.dataDir}`,
  ]);
  if (seed?.admin)
    rows.push([
      'Admin',
      seed.admin.password
        ? `${seed.admin.contact} / ${seed.admin.password}  (the password is shown only now: note it down)`
        : `${seed.admin.contact}  (its password was shown at the first start; \`npm run admin\` grants others)`,
    ]);
  else rows.push(['Admin', 'sign up, then `npm run admin -- grant <e-mail or phone>` makes you one']);
  if (seed?.demoUrl) rows.push(['Demo label', `${seed.demoUrl}  (open it, sign up, and claim it)`]);
  rows.push([
    'E-mails',
    config.mail.smtpUrl
      ? `sent through the SMTP server ${withoutCredentials(config.mail.smtpUrl).replace(/\/$/, '')}`
      : `not sent: written to ${path.join(config.outboxDir, 'mail')} (.eml files; set SMTP_URL to send them)`,
  ]);
  rows.push([
    'SMS',
    config.sms.provider === 'twilio'
      ? `sent through Twilio (${config.sms.twilio.baseUrl})`
      : `not sent: written to ${path.join(config.outboxDir, 'sms')} (set SMS_PROVIDER=twilio to send them)`,
  ]);
  if (!config.runWorker)
    rows.push(['Notifications', 'not delivered by this process (WORKER=0): run `npm run worker`']);
  rows.push([
    'Logs',
    config.logFormat === 'pretty'
      ? 'readable lines (LOG_FORMAT=json for JSON)'
      : 'JSON lines (LOG_FORMAT=pretty to read them)',
  ]);
  const width = Math.max(...rows.map(([k]) => k.length));
  return [
    '',
    `  ${config.brand.name} is running at ${config.publicUrl}`,
    '',
    ...rows.map(([k, v]) => `    ${k.padEnd(width)}  ${v}`),
    '',
    '    Stop with Ctrl-C.',
    '',
  ].join('\n');
}
