import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignedItem } from '../testing/codeFactory';
import { startSmtpSink } from '../testing/smtpSink';
import { signUp, startTestServer, type TestServer } from '../testing/testServer';

// A slow SMTP provider: every message is accepted only after DELAY_MS.
const DELAY_MS = 400;
const MESSAGES = 8;
const CONCURRENCY = 4;

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let server: TestServer;
beforeAll(async () => {
  sink = await startSmtpSink({ delayMs: DELAY_MS });
  server = await startTestServer({
    SMTP_URL: sink.url,
    WORKER: '0',
    WORKER_CONCURRENCY: String(CONCURRENCY),
    REPORT_LIMIT_PER_ADDRESS: '1000',
  });
});
afterAll(async () => {
  await server.close();
  await sink.close();
});

describe('notification worker against a slow SMTP server', () => {
  it(`delivers ${MESSAGES} e-mails ${CONCURRENCY} at a time to a slow server`, async () => {
    const owner = await signUp(server);
    for (let i = 1; i <= MESSAGES; i++) {
      const { code } = await assignedItem(server.db.knex, owner.user.id);
      const res = await server.api('POST', `/api/found/${code}/report`, {
        body: { foundNotes: `report ${i}` },
      });
      expect(res.status).toBe(201);
    }
    // The worker of this configuration, run once by hand (WORKER=0 keeps the server's own idle).
    const { createWorker } = await import('./index');
    const worker = createWorker(server.db, server.config, server.logger);
    expect(await worker.runOnce()).toBe(MESSAGES);
    expect(sink.received).toHaveLength(MESSAGES);
    expect(new Set(sink.received.map((m) => m.messageId)).size).toBe(MESSAGES);
    // Escalation reminders are due later (escalation.test.ts); these are the messages sent now.
    const statuses = await server.db.knex('notifications').whereNull('escalationStep').pluck('status');
    expect(statuses).toEqual(Array(MESSAGES).fill('delivered'));
    // The server saw the lanes at work: while one message waited on it, others were sent beside it
    // (one lane at a time would hold exactly one), and never more than the lanes. Counted by the server, so a slow machine cannot
    // make this pass or fail by timing.
    expect(sink.mostInFlight).toBeGreaterThan(1);
    expect(sink.mostInFlight).toBeLessThanOrEqual(CONCURRENCY);
  });
});
