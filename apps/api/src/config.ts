import path from 'node:path';
import { proxyList } from './lib/trustedProxies';
import { z } from 'zod';
import { labelDomainProblem } from '@homing/label-layout';

const bool = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no'], { error: 'must be 1 or 0 (true or false)' })
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
    .default('development'),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(0)
    .max(65535, 'must be at most 65535')
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_URL: z.url({ error: 'must be a full URL such as https://homing.example' }).optional(),
  DOMAIN_NAME: z.string().min(1).optional(),
  TRUST_PROXY: bool.default(false),
  // Proxies in front that append to X-Forwarded-For; the client is the address the outermost one saw.
  TRUST_PROXY_HOPS: z.coerce.number().int().min(1).max(10).default(1),
  // The proxies' own addresses (or subnets, 10.0.0.0/8), comma-separated: X-Forwarded-For is read
  // only on connections from them; anyone else reaching the port directly is counted as itself.
  TRUST_PROXY_FROM: z
    .string()
    .default('127.0.0.1,::1')
    .refine((v) => proxyList(v) !== null, 'must be IP addresses or subnets (a.b.c.d/nn), comma-separated'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Readable lines in a terminal, JSON lines otherwise (a service manager, a log collector).
  LOG_FORMAT: z.enum(['pretty', 'json'], { error: 'must be pretty or json' }).optional(),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  BRAND_NAME: z.string().min(1).default('Homing'),
  BRAND_WORD: z.string().min(1).default('homing'),
  COMPANY_NAME: z.string().min(1).default('Homing Labs'),
  SEED_DEMO: bool.optional(),
  SERVE_WEB: bool.optional(),
  WEB_DIST: z.string().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Homing <no-reply@homing.local>'),
  // Who runs this instance, told to push services with every push (VAPID): an https: or mailto: URL.
  WEB_PUSH_SUBJECT: z
    .string()
    .regex(/^(https:\/\/|mailto:)/, 'must be an https:// or mailto: URL')
    .optional(),
  // Accept plain-http push endpoints (a local push service in tests); browsers' are always https.
  WEB_PUSH_ALLOW_HTTP: bool.default(false),
  // The push services a browser's subscription may point at (each name and its subdomains): the
  // server posts to that address, so a made-up one would make it call into any host it can reach.
  WEB_PUSH_HOSTS: z
    .string()
    .default('fcm.googleapis.com,push.services.mozilla.com,push.apple.com,notify.windows.com'),
  SMS_PROVIDER: z
    .enum(['outbox', 'twilio', 'kannel'], { error: 'must be outbox, twilio or kannel' })
    .default('outbox'),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  TWILIO_BASE_URL: z.url({ error: 'must be a full URL' }).default('https://api.twilio.com'),
  // Kannel's smsbox: its sendsms interface (e.g. http://127.0.0.1:13013/cgi-bin/sendsms), a
  // sendsms-user, and our number (the sender of every text).
  KANNEL_SENDSMS_URL: z.url({ error: 'must be a full URL' }).optional(),
  KANNEL_USERNAME: z.string().optional(),
  KANNEL_PASSWORD: z.string().optional(),
  KANNEL_FROM: z.string().optional(),
  // The SMS budget (README: SMS budget): texts the whole instance sends in any hour, and texts to one
  // number in a day. Past either, texts a stranger could cause (one-time codes, finders, backup
  // invitations, answers to texts) are not sent and the admins are e-mailed; owners' alerts go on.
  SMS_HOURLY_BUDGET: z.coerce.number().int().min(0).max(1_000_000).default(200),
  SMS_DAILY_PER_NUMBER: z.coerce.number().int().min(0).max(1_000).default(10),
  // The countries we text (ISO 3166 codes, comma-separated: US,CA); unset = every country.
  SMS_COUNTRIES: z
    .string()
    .regex(
      /^\s*([A-Za-z]{2}\s*(,\s*[A-Za-z]{2}\s*)*)?$/,
      'must be ISO country codes separated by commas, such as US,CA',
    )
    .default(''),
  // The password of the inbound-SMS webhook (HTTP Basic, any user name); unset = no webhook (404).
  SMS_INBOUND_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  // The number finders text, printed on labels ("or text CODE to +1 555 010 0199"): its own
  // setting, not TWILIO_FROM / KANNEL_FROM, because a sender can be a short code, an alphanumeric ID
  // or a national form, and a number printed on labels that last years is a promise made on purpose.
  // E.164 (+, country code, up to 15 digits), spaces between groups kept as printed. Unset: no line.
  SMS_PUBLIC_NUMBER: z
    .string()
    .transform((v) => v.trim().replace(/\s+/g, ' '))
    .refine(
      (v) => /^\+[1-9]\d{0,3}( ?\d+)*$/.test(v) && /^\+[1-9]\d{6,14}$/.test(v.replace(/ /g, '')),
      'must be an E.164 number: + then the country code and number, 7 to 15 digits (spaces between groups allowed), e.g. +1 555 010 0199',
    )
    .optional(),
  // Contacts that become admins when they register: for a first admin on a locked embedded
  // folder and for browser tests; the CLI (`npm run admin`) is the everyday way.
  HOMING_BOOTSTRAP_ADMINS: z.string().optional(),
  // Abuse limits, raised only for load tests: overrides of the points in limits.ts, where each
  // limit's numbers and meaning are.
  REPORT_LIMIT_PER_ITEM: z.coerce.number().int().min(1).optional(),
  REPORT_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).optional(),
  REPORT_HOLD_AFTER_PER_ITEM: z.coerce.number().int().min(1).optional(),
  SCAN_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).optional(),
  CODE_LOOKUP_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).optional(),
  TEXT_LIMIT_PER_NUMBER: z.coerce.number().int().min(1).optional(),
  TEXT_LIMIT_PER_CODE: z.coerce.number().int().min(1).optional(),
  TEXT_UNKNOWN_CODE_LIMIT_PER_NUMBER: z.coerce.number().int().min(1).optional(),
  ACCOUNT_REQUEST_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).optional(),
  PASSWORD_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).optional(),
  THREAD_MESSAGE_LIMIT_PER_THREAD: z.coerce.number().int().min(1).optional(),
  THREAD_MESSAGE_LIMIT_PER_SENDER: z.coerce.number().int().min(1).optional(),
  // Connection limits (a client must not hold the process's sockets or file descriptors).
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(300000).default(10_000),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3600000).default(120_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(300000).default(5_000),
  HTTP_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(3600000).default(60_000),
  MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1000000).default(4_000),
  // Generous: a browser opens about 6 per host, but many people can share one address (NAT).
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(1000000).default(256),
  EVENT_STREAMS_PER_USER: z.coerce.number().int().min(1).max(1000).default(10),
  EVENT_STREAMS_MAX: z.coerce.number().int().min(1).max(1000000).default(2_000),
  EVENT_STREAM_HEARTBEAT_MS: z.coerce.number().int().min(50).max(300000).default(25_000),
  WORKER: bool.default(true),
  WORKER_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1_000),
  WORKER_LEASE_MS: z.coerce.number().int().min(500).max(3_600_000).default(60_000),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(8),
  // SIGTERM: in-flight requests, event streams and deliveries get this long before the process exits.
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  // Retention (the worker purges hourly): scans older than this are folded into per-day counts.
  SCAN_EVENT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(365),
  RATE_LIMIT_RETENTION_HOURS: z.coerce.number().int().min(1).max(8_760).default(24),
  RETENTION_INTERVAL_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(3_600_000),
  // Prometheus `/metrics` on its own listener (off unless set; 9464 is the usual port, 0 picks a
  // free one), bound to loopback by default: never on the public port (README: Metrics).
  METRICS_PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(0)
    .max(65535, 'must be at most 65535')
    .optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  // Photos: the local folder (DATA_DIR/photos) for one process, or an S3-compatible bucket shared
  // by every copy of the API. Without keys the AWS SDK's own chain applies (an instance role).
  PHOTO_STORE: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name (3-63 lower-case letters, digits, dots, dashes)',
    )
    .optional(),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL such as http://127.0.0.1:9000' })
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  // MinIO and most self-hosted servers want http://host/bucket/key rather than http://bucket.host/key.
  S3_FORCE_PATH_STYLE: bool.default(false),
});

export type Config = ReturnType<typeof buildConfig>;

/** The public address when it is https, else the sender's address of owners' e-mail. */
function pushSubject(publicUrl: string, mailFrom: string) {
  if (publicUrl.startsWith('https://')) return publicUrl;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}

function buildConfig(env: z.output<typeof envSchema>, stdoutIsTTY: boolean) {
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const embedded = !env.DATABASE_URL;
  return {
    env: env.NODE_ENV,
    isDevelopment: env.NODE_ENV !== 'production',
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL ?? null,
    embedded,
    dataDir: path.resolve(env.DATA_DIR),
    publicUrl,
    domainName: env.DOMAIN_NAME ?? new URL(publicUrl).host,
    trustProxy: env.TRUST_PROXY,
    trustProxyHops: env.TRUST_PROXY_HOPS,
    /** Whether a connection comes from a trusted proxy (never, without TRUST_PROXY). */
    trustProxyFrom: env.TRUST_PROXY ? proxyList(env.TRUST_PROXY_FROM)! : () => false,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT ?? (stdoutIsTTY ? ('pretty' as const) : ('json' as const)),
    sessionTtlMs: env.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
    brand: { name: env.BRAND_NAME, word: env.BRAND_WORD, company: env.COMPANY_NAME },
    // The embedded default is a local trial: seed demo data unless told otherwise.
    seedDemo: env.SEED_DEMO ?? (embedded && env.NODE_ENV !== 'test'),
    serveWeb: env.SERVE_WEB ?? env.NODE_ENV === 'production',
    mail: { smtpUrl: env.SMTP_URL ?? null, from: env.MAIL_FROM },
    push: {
      subject: env.WEB_PUSH_SUBJECT ?? pushSubject(publicUrl, env.MAIL_FROM),
      allowHttp: env.WEB_PUSH_ALLOW_HTTP,
      hosts: env.WEB_PUSH_HOSTS.split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    },
    sms: {
      provider: env.SMS_PROVIDER,
      twilio: {
        accountSid: env.TWILIO_ACCOUNT_SID ?? '',
        authToken: env.TWILIO_AUTH_TOKEN ?? '',
        from: env.TWILIO_FROM ?? '',
        baseUrl: env.TWILIO_BASE_URL,
      },
      kannel: {
        sendsmsUrl: env.KANNEL_SENDSMS_URL ?? '',
        username: env.KANNEL_USERNAME ?? '',
        password: env.KANNEL_PASSWORD ?? '',
        from: env.KANNEL_FROM ?? '',
      },
      inboundSecret: env.SMS_INBOUND_SECRET ?? null,
      budget: {
        hourly: env.SMS_HOURLY_BUDGET,
        perNumberDaily: env.SMS_DAILY_PER_NUMBER,
        /** Empty: every country. */
        countries: env.SMS_COUNTRIES.split(',')
          .map((c) => c.trim().toUpperCase())
          .filter(Boolean),
      },
      /** Printed on labels for finders to text; null: no such line (SMS_PUBLIC_NUMBER). */
      publicNumber: env.SMS_PUBLIC_NUMBER ?? null,
    },
    outboxDir: path.join(path.resolve(env.DATA_DIR), 'outbox'),
    // The worker runs inside the API process unless WORKER=0 (then `npm run worker` runs it alone).
    bootstrapAdmins: (env.HOMING_BOOTSTRAP_ADMINS ?? '')
      .split(',')
      .map((c) => c.trim().toLowerCase())
      .filter(Boolean),
    limits: {
      reportsPerItem: env.REPORT_LIMIT_PER_ITEM,
      reportsPerAddress: env.REPORT_LIMIT_PER_ADDRESS,
      reportsHeldAfterPerItem: env.REPORT_HOLD_AFTER_PER_ITEM,
      scansPerMinute: env.SCAN_LIMIT_PER_MINUTE,
      codeLookupsPerMinute: env.CODE_LOOKUP_LIMIT_PER_MINUTE,
      textsPerNumber: env.TEXT_LIMIT_PER_NUMBER,
      textsPerCode: env.TEXT_LIMIT_PER_CODE,
      textUnknownCodesPerNumber: env.TEXT_UNKNOWN_CODE_LIMIT_PER_NUMBER,
      accountRequestsPerAddress: env.ACCOUNT_REQUEST_LIMIT_PER_ADDRESS,
      passwordsPerAddress: env.PASSWORD_LIMIT_PER_ADDRESS,
      threadMessagesPerThread: env.THREAD_MESSAGE_LIMIT_PER_THREAD,
      threadMessagesPerSender: env.THREAD_MESSAGE_LIMIT_PER_SENDER,
    },
    http: {
      headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      idleTimeoutMs: env.HTTP_IDLE_TIMEOUT_MS,
      maxConnections: env.MAX_CONNECTIONS,
      // Counted for every address but the trusted proxies' (every client's socket comes from them;
      // the proxy limits its clients itself: deploy/nginx.conf.template).
      maxConnectionsPerAddress: env.MAX_CONNECTIONS_PER_ADDRESS,
      uncountedAddress: env.TRUST_PROXY ? proxyList(env.TRUST_PROXY_FROM)! : () => false,
    },
    eventStreams: {
      perUser: env.EVENT_STREAMS_PER_USER,
      max: env.EVENT_STREAMS_MAX,
      heartbeatMs: env.EVENT_STREAM_HEARTBEAT_MS,
    },
    runWorker: env.WORKER,
    worker: { pollMs: env.WORKER_POLL_MS, leaseMs: env.WORKER_LEASE_MS, concurrency: env.WORKER_CONCURRENCY },
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    retention: {
      scanEventMs: env.SCAN_EVENT_RETENTION_DAYS * 24 * 60 * 60 * 1000,
      rateLimitMs: env.RATE_LIMIT_RETENTION_HOURS * 60 * 60 * 1000,
      intervalMs: env.RETENTION_INTERVAL_MS,
    },
    metrics: env.METRICS_PORT === undefined ? null : { port: env.METRICS_PORT, host: env.METRICS_HOST },
    photos:
      env.PHOTO_STORE === 's3'
        ? {
            store: 's3' as const,
            s3: {
              bucket: env.S3_BUCKET!,
              endpoint: env.S3_ENDPOINT ?? null,
              region: env.S3_REGION,
              credentials: env.S3_ACCESS_KEY_ID
                ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY! }
                : null,
              forcePathStyle: env.S3_FORCE_PATH_STYLE,
            },
          }
        : { store: 'local' as const, dir: path.join(path.resolve(env.DATA_DIR), 'photos') },
    webDist: path.resolve(env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
  };
}

export class ConfigError extends Error {}

function photoStoreProblems(env: z.output<typeof envSchema>): string[] {
  if (env.PHOTO_STORE !== 's3') return [];
  const problems: string[] = [];
  if (!env.S3_BUCKET) problems.push('S3_BUCKET: required when PHOTO_STORE=s3');
  // One key without the other is a typo, not a wish for the SDK's default credentials.
  if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY)
    problems.push(
      env.S3_ACCESS_KEY_ID
        ? 'S3_SECRET_ACCESS_KEY: required when S3_ACCESS_KEY_ID is set'
        : 'S3_ACCESS_KEY_ID: required when S3_SECRET_ACCESS_KEY is set',
    );
  return problems;
}

/**
 * Parses the environment; a bad value throws a ConfigError naming the variable. `stdoutIsTTY`
 * picks the log format when LOG_FORMAT is unset (readable in a terminal, JSON otherwise).
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  { stdoutIsTTY = process.stdout.isTTY === true }: { stdoutIsTTY?: boolean } = {},
): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  const providerSettings = {
    outbox: [],
    twilio: ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'],
    kannel: ['KANNEL_SENDSMS_URL', 'KANNEL_USERNAME', 'KANNEL_PASSWORD', 'KANNEL_FROM'],
  };
  if (parsed.success) {
    const provider = parsed.data.SMS_PROVIDER;
    const missing = providerSettings[provider].filter((k) => !cleaned[k]);
    if (missing.length)
      throw new ConfigError(
        `Invalid configuration:\n${missing.map((k) => `  ${k}: required when SMS_PROVIDER=${provider}`).join('\n')}`,
      );
  }
  if (parsed.success) {
    const problems = photoStoreProblems(parsed.data);
    if (problems.length)
      throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
  // A printed number must reach the inbound webhook: Twilio's signed one, or the secret's.
  if (
    parsed.success &&
    parsed.data.SMS_PUBLIC_NUMBER &&
    parsed.data.SMS_PROVIDER !== 'twilio' &&
    !parsed.data.SMS_INBOUND_SECRET
  )
    throw new ConfigError(
      'Invalid configuration:\n  SMS_PUBLIC_NUMBER: needs SMS_INBOUND_SECRET (or SMS_PROVIDER=twilio), else texts to it reach nobody',
    );
  if (parsed.success && parsed.data.HTTP_HEADERS_TIMEOUT_MS > parsed.data.HTTP_REQUEST_TIMEOUT_MS)
    throw new ConfigError(
      'Invalid configuration:\n  HTTP_HEADERS_TIMEOUT_MS: must not exceed HTTP_REQUEST_TIMEOUT_MS',
    );
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `  ${i.path.join('.')}: ${i.message} (got ${JSON.stringify(cleaned[String(i.path[0])])})`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = buildConfig(parsed.data, stdoutIsTTY);
  // Every label prints the domain in full and encodes it in a symbol that must stay scannable.
  const labelProblem = labelDomainProblem(config.domainName);
  if (labelProblem)
    throw new ConfigError(
      `Invalid configuration:\n  ${parsed.data.DOMAIN_NAME ? 'DOMAIN_NAME' : 'PUBLIC_URL'}: ${labelProblem}`,
    );
  return config;
}
