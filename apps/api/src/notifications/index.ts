import path from 'node:path';
import type { Config } from '../config';
import type { Database } from '../db/connection';
import type { Logger } from '../logger';
import type { Metrics } from '../metrics';
import { localHub, postgresHub, type EventHub } from './hub';
import { folderMailer, smtpMailer, type Mailer } from './mailer';
import { folderSmsProvider, kannelSmsProvider, twilioSmsProvider, type SmsProvider } from './sms';
import { webPushSender } from './push';
import { photoStoreFor } from '../storage/photoStore';
import { publishThreadChange } from './threadEvents';
import { smsBudgetOf } from './smsBudget';
import { notificationWorker, type WorkerOptions } from './worker';

export function createMailer(config: Config, logger: Logger): Mailer {
  return config.mail.smtpUrl
    ? smtpMailer({
        url: config.mail.smtpUrl,
        from: config.mail.from,
        maxConnections: config.worker.concurrency,
      })
    : folderMailer({ dir: path.join(config.outboxDir, 'mail'), from: config.mail.from, logger });
}

export function createSmsProvider(config: Config, logger: Logger): SmsProvider {
  if (config.sms.provider === 'twilio') return twilioSmsProvider(config.sms.twilio);
  if (config.sms.provider === 'kannel') return kannelSmsProvider(config.sms.kannel);
  return folderSmsProvider({ dir: path.join(config.outboxDir, 'sms'), logger });
}

/** LISTEN/NOTIFY across API processes on PostgreSQL; in memory on the embedded database (one process). */
export async function createHub(db: Database, logger: Logger): Promise<EventHub> {
  return db.kind === 'postgres' && db.url ? postgresHub(db.url, db.knex, logger) : localHub(logger);
}

export function createWorker(
  db: Database,
  config: Config,
  logger: Logger,
  opts: WorkerOptions = {},
  metrics?: Metrics,
  hub?: EventHub,
) {
  return notificationWorker(
    {
      knex: db.knex,
      mailer: createMailer(config, logger),
      sms: createSmsProvider(config, logger),
      photos: photoStoreFor(config),
      push: webPushSender({ knex: db.knex, subject: config.push.subject, hosts: config.push.hosts }),
      logger,
      smsBudget: smsBudgetOf(config),
      onAttempt: metrics && ((channel, result) => metrics.deliveries.inc({ channel, result })),
      // A delivery to an owner is a receipt on the finder's conversation page: it refreshes live.
      onDelivered:
        hub &&
        (({ foundReportId }) =>
          foundReportId && publishThreadChange(hub, { foundReportId, reason: 'delivered' })),
    },
    { ...config.worker, ...opts },
  );
}
