import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignedItem } from '../testing/codeFactory';
import { startSmtpSink } from '../testing/smtpSink';
import { signUp, startTestServer, testDbKind, type TestServer } from '../testing/testServer';
import { spawnWorker, waitUntil } from '../testing/workerProcess';

const REPORTS = 8;

// Two worker processes on one database: only PostgreSQL admits that (the embedded one is locked
// to a single process, where a crash loses nothing either: the outbox is in the same database).
describe.skipIf(testDbKind() !== 'postgres')(
  'notification durability (PostgreSQL only: needs two processes on one database)',
  () => {
    let server: TestServer;
    let sink: Awaited<ReturnType<typeof startSmtpSink>>;
    let held = 0;
    beforeAll(async () => {
      // The third e-mail is held unanswered the first time: that worker dies with it in flight.
      sink = await startSmtpSink({ hold: (raw) => raw.includes('report number 3') && held++ === 0 });
      server = await startTestServer({ WORKER: '0' });
    });
    afterAll(async () => {
      await server.close();
      await sink.close();
    });

    // One lane: the kill then leaves exactly one message in doubt (the held one).
    const worker = () => spawnWorker({ databaseUrl: server.db.url, smtpUrl: sink.url, concurrency: 1 });
    const statuses = async () =>
      // The reports' own messages (their escalation steps are due later: escalationDurability.test.ts).
      (
        await server.db
          .knex('notifications')
          .whereNull('escalationStep')
          .select('status')
          .orderBy('createdAt')
      ).map((r) => r.status as string);

    it('a worker killed mid-delivery loses nothing, and every e-mail arrives exactly once', async () => {
      const owner = await signUp(server);
      for (let i = 1; i <= REPORTS; i++) {
        const { code } = await assignedItem(server.db.knex, owner.user.id);
        const res = await server.api('POST', `/api/found/${code}/report`, {
          body: { foundNotes: `report number ${i}` },
        });
        expect(res.status).toBe(201);
      }
      expect(await statuses()).toEqual(Array(REPORTS).fill('pending'));

      const first = worker();
      await waitUntil(() => held > 0);
      await first.kill();
      const inFlight = await server.db
        .knex('notifications')
        .whereRaw("payload->>'text' like '%report number 3%'")
        .first();
      expect(inFlight.status).toBe('pending');

      const second = worker();
      try {
        await waitUntil(async () => (await statuses()).every((s) => s === 'delivered'));
      } finally {
        await second.stop();
      }
      const keys = (
        await server.db.knex('notifications').whereNull('escalationStep').select('idempotencyKey')
      ).map((r) => `<${r.idempotencyKey}@homing>`);
      const received = sink.received.map((m) => m.messageId);
      expect(received.slice().sort()).toEqual(keys.slice().sort());
      for (let i = 1; i <= REPORTS; i++)
        expect(
          sink.received.filter(
            (m) => m.text.includes(`report number ${i}\n`) || m.text.includes(`report number ${i}\r\n`),
          ),
        ).toHaveLength(1);
      const retried = await server.db.knex('notifications').where({ id: inFlight.id }).first();
      expect(retried.attempts).toBe(2);
    });
  },
);
