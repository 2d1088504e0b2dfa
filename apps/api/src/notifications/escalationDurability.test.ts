import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addBackupContact,
  alerts,
  escalatingOwner,
  fileReport,
  mailsTo,
  reminders,
  waitMails,
} from '../testing/escalation';
import { startSmtpSink, type SmtpSink } from '../testing/smtpSink';
import { startTestServer, testDbKind, uniqueEmail, type TestServer } from '../testing/testServer';
import { spawnWorker, waitUntil, type WorkerProcess } from '../testing/workerProcess';

// Escalation steps are outbox rows, due later: a worker process killed with one in hand must lose
// nothing and send nothing twice. The workers are real processes on real time, so the test moves
// time on the database's side: a step comes due when its `next_attempt_at` is moved into the past
// (not after the owner's delay), and a dead worker's lease runs out when its `locked_until` is,
// once its successor has been seen leaving the step alone (a lease of a few seconds could run out
// before a successor has even started on a busy machine, proving nothing).
// Two processes on one database: only PostgreSQL admits that (see durability.test.ts).
describe.skipIf(testDbKind() !== 'postgres')(
  'escalation across a killed worker (PostgreSQL only: needs two processes on one database)',
  () => {
    let server: TestServer;
    let sink: SmtpSink;
    /** The sink stalls the first message this matches (then clears it): the worker's send is in flight. */
    let holdOne: ((raw: string) => boolean) | null = null;
    let held = 0;
    /** The worker process running now; a test kills it and leaves its successor to the next test. */
    let current: WorkerProcess | undefined;
    beforeAll(async () => {
      sink = await startSmtpSink({
        hold: (raw) => {
          if (!holdOne?.(raw)) return false;
          holdOne = null;
          held++;
          return true;
        },
      });
      server = await startTestServer({ WORKER: '0' });
    });
    afterAll(async () => {
      await current?.kill();
      await server?.close();
      await sink?.close();
    });

    const startWorker = () =>
      (current = spawnWorker({ databaseUrl: server.db.url, smtpUrl: sink.url, leaseMs: 60_000 }));
    // Starting one costs seconds on a busy machine, so a test begins with the one still running.
    const runningWorker = () => (current?.alive() ? current : startWorker());
    const knex = () => server.db.knex;
    interface StepRow {
      id: string;
      escalationStep: number;
      status: string;
      attempts: number;
      lockedUntil: Date | null;
      deliveredAt: Date | null;
      idempotencyKey: string;
    }
    const steps = async (reportId: string) =>
      (await knex()('notifications')
        .where({ foundReportId: reportId })
        .whereNotNull('escalationStep')
        .orderBy('escalationStep')) as StepRow[];
    const step = async (reportId: string, n: 1 | 2) =>
      (await steps(reportId)).find((s) => s.escalationStep === n)!;
    /** The step's time has come (the owner's delay has passed, as far as the database's clock knows). */
    const makeDue = (reportId: string, n: 1 | 2) =>
      knex()('notifications')
        .where({ foundReportId: reportId, escalationStep: n })
        .update({ nextAttemptAt: knex().raw("now() - interval '1 second'") });
    /** The lease on a job runs out now. */
    const expireLease = (id: string) =>
      knex()('notifications')
        .where({ id })
        .update({ lockedUntil: knex().raw("now() - interval '1 second'") });
    const attemptsLogged = (notificationId: string) =>
      knex()('notificationAttempts').where({ notificationId }).orderBy('attempt').select('attempt', 'ok');
    /** The sink is to stall the next reminder to `email` (once); `held` counts it. */
    const holdReminderTo = (email: string) => {
      held = 0;
      holdOne = (raw) => raw.includes('is waiting for your answer') && raw.includes(email);
    };

    it('a worker killed mid-send loses no step: the reminder goes once when its lease runs out, then one alert', async () => {
      const first = runningWorker();
      const o = await escalatingOwner(server, 5);
      const contact = uniqueEmail('backup');
      // The first worker sends the confirmation link and the report's own e-mail.
      await first.ready;
      await addBackupContact(server, sink, { token: o.token, email: contact, confirm: true });
      const r = await fileReport(server, o.code);
      expect(await waitMails(sink, o.email, 1)).toHaveLength(1);
      const scheduled = await steps(r.id);
      expect(scheduled.map((s) => [s.escalationStep, s.status, s.attempts])).toEqual([
        [1, 'pending', 0],
        [2, 'pending', 0],
      ]);

      // Step 1 comes due; the sink stalls it, so the worker is mid-delivery when it is killed.
      holdReminderTo(o.email);
      await makeDue(r.id, 1);
      await waitUntil(() => held === 1);
      await first.kill();
      const orphan = await step(r.id, 1);
      expect(orphan).toMatchObject({ status: 'pending', attempts: 1, deliveredAt: null });
      // Still the dead worker's.
      expect(orphan.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
      expect(await attemptsLogged(orphan.id)).toEqual([]);
      expect(reminders(sink, o.email)).toHaveLength(0);

      // Its successor polls and leaves the step alone while the dead worker's lease holds...
      await startWorker().ready;
      await new Promise((res) => setTimeout(res, 500));
      expect(await step(r.id, 1)).toMatchObject({ status: 'pending', attempts: 1 });
      expect(reminders(sink, o.email)).toHaveLength(0);
      // ...and sends it, on a second attempt, once the lease runs out.
      await expireLease(orphan.id);
      await waitUntil(async () => (await step(r.id, 1)).status === 'delivered');
      const sent = await step(r.id, 1);
      expect(sent.attempts).toBe(2);
      expect(reminders(sink, o.email).map((m) => m.messageId)).toEqual([`<${sent.idempotencyKey}@homing>`]);
      expect(alerts(sink, contact)).toHaveLength(0);

      await makeDue(r.id, 2);
      await waitUntil(async () => (await step(r.id, 2)).status === 'delivered');
      // A few more polls: anything sent twice would arrive now.
      await new Promise((res) => setTimeout(res, 500));

      const done = await steps(r.id);
      expect(done.map((s) => [s.escalationStep, s.status, s.attempts])).toEqual([
        [1, 'delivered', 2],
        [2, 'delivered', 1],
      ]);
      expect(alerts(sink, contact).map((m) => m.messageId)).toEqual([`<${done[1]!.idempotencyKey}@homing>`]);
      // Everything each was sent: the report and one reminder; the link and one alert.
      expect(mailsTo(sink, o.email)).toHaveLength(2);
      expect(reminders(sink, o.email)).toHaveLength(1);
      expect(mailsTo(sink, contact)).toHaveLength(2);
      expect(await attemptsLogged(done[0]!.id)).toEqual([{ attempt: 2, ok: true }]);
      expect(await attemptsLogged(done[1]!.id)).toEqual([{ attempt: 1, ok: true }]);
    });

    // The one window a lease cannot close: the provider took the step, the worker died before
    // storing that. The step goes again with the same Message-ID (receivers collapse it) and is
    // stored delivered once. The worker is caught in that window by a row lock the test holds,
    // which its "delivered" UPDATE waits on.
    it('a worker killed after the provider took a step, before storing it, resends it with the same Message-ID', async () => {
      const first = runningWorker();
      const o = await escalatingOwner(server, 5);
      const r = await fileReport(server, o.code);
      await first.ready;
      expect(await waitMails(sink, o.email, 1)).toHaveLength(1);

      holdReminderTo(o.email);
      await makeDue(r.id, 1);
      await waitUntil(() => held === 1);
      const { id } = await step(r.id, 1);
      const lock = await knex().transaction();
      try {
        await lock('notifications').where({ id }).forUpdate().first('id');
        sink.releaseHeld();
        const blocked = async () =>
          (
            (await knex()
              .select(knex().raw('count(*)::int as n'))
              .from('pg_stat_activity')
              .where('datname', knex().raw('current_database()'))
              .where('waitEventType', 'Lock')
              .whereILike('query', 'update "notifications"%')
              .first()) as { n: number }
          ).n > 0;
        await waitUntil(blocked);
        expect(reminders(sink, o.email)).toHaveLength(1);
        await first.kill();
      } finally {
        await lock.rollback();
      }
      const orphan = await step(r.id, 1);
      expect(orphan).toMatchObject({ status: 'pending', attempts: 1, deliveredAt: null });
      expect(await attemptsLogged(id)).toEqual([]);

      await startWorker().ready;
      await expireLease(id);
      await waitUntil(async () => (await step(r.id, 1)).status === 'delivered');
      // A few more polls: a third copy would arrive now.
      await new Promise((res) => setTimeout(res, 500));
      const sent = await step(r.id, 1);
      expect(sent.attempts).toBe(2);
      const key = `<${sent.idempotencyKey}@homing>`;
      expect(reminders(sink, o.email).map((m) => m.messageId)).toEqual([key, key]);
      expect(await attemptsLogged(id)).toEqual([{ attempt: 2, ok: true }]);
    });
  },
);
