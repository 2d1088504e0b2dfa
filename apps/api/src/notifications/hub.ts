import { EventEmitter } from 'node:events';
import type { Knex } from 'knex';
import pg from 'pg';
import type { Logger } from '../logger';

export interface OwnerEvent {
  /** thread_changed: a conversation has news ({ reportId }); the reader loads it again. */
  type: 'found_report' | 'found_event' | 'thread_changed' | 'lost_item_scan';
  data: Record<string, unknown>;
}

/**
 * Real-time events for an owner's open dashboards, across every API process. The key is an owner's
 * id, or `thread:<report id>` for a finder's open conversation page (notifications/threadEvents).
 */
export interface EventHub {
  /**
   * Sends the event to every process's subscribers; resolves once it is sent. Never rejects: live
   * events are best effort (an open page reloads its lists when it reconnects) and a failure is
   * logged by the hub, so a caller may leave it to finish on its own.
   */
  publish(userId: string, event: OwnerEvent): Promise<void>;
  subscribe(userId: string, listener: (event: OwnerEvent) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'homing_owner_events';

function localFanOut() {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    emit: (userId: string, event: OwnerEvent) => emitter.emit(userId, event),
    subscribe(userId: string, listener: (event: OwnerEvent) => void) {
      emitter.on(userId, listener);
      return () => void emitter.off(userId, listener);
    },
  };
}

/** One process (the embedded database admits only one): events stay in memory. */
export function localHub(logger: Logger): EventHub {
  const fan = localFanOut();
  return {
    publish: async (userId, event) => {
      try {
        fan.emit(userId, event);
      } catch (err) {
        logger.warn({ err }, 'live event not delivered');
      }
    },
    subscribe: fan.subscribe,
    close: async () => {},
  };
}

/**
 * PostgreSQL LISTEN/NOTIFY: every API process listens on one dedicated connection and hands
 * events to its own subscribers; publishing is a NOTIFY, sent through the API's own pool, that
 * reaches all of them.
 */
export async function postgresHub(databaseUrl: string, knex: Knex, logger: Logger): Promise<EventHub> {
  const fan = localFanOut();
  let client: pg.Client | null = null;
  let closed = false;
  const connect = async () => {
    const c = new pg.Client({ connectionString: databaseUrl });
    c.on('notification', (msg) => {
      try {
        const { userId, event } = JSON.parse(msg.payload ?? '{}') as { userId: string; event: OwnerEvent };
        fan.emit(userId, event);
      } catch (err) {
        logger.warn({ err }, 'ignored a malformed owner event');
      }
    });
    c.on('error', (err) => {
      logger.warn({ err }, 'event listener connection lost; reconnecting');
      client = null;
      if (!closed) setTimeout(() => void connect().catch(() => undefined), 1000);
    });
    await c.connect();
    await c.query(`LISTEN ${CHANNEL}`);
    client = c;
  };
  await connect();
  return {
    publish: async (userId, event) => {
      try {
        await knex.raw('SELECT pg_notify(?, ?)', [CHANNEL, JSON.stringify({ userId, event })]);
      } catch (err) {
        logger.warn({ err }, 'live event not published');
      }
    },
    subscribe: fan.subscribe,
    async close() {
      closed = true;
      await client?.end().catch(() => undefined);
    },
  };
}
