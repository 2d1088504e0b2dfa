import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSymbol } from '@homing/shared';
import { assignedItem } from '../../testing/codeFactory';
import { startFinderTestServer } from '../../testing/finderServer';
import { prepareKannel } from '../../testing/kannel';
import { ORDINARY_REPLIES } from '../../testing/ordinaryReplies';
import { withoutKannel } from '../../testing/systemTools';
import { signUp, uniquePhone, type TestServer } from '../../testing/testServer';
import { until } from '../../testing/threads';

// Texts to our number through a real gateway: Debian's Kannel (bearerbox with its fake SMSC, smsbox) between
// the finder's handset (Kannel's fakesmsc) and the API. smsbox posts each text to the webhook with
// the webhook's secret in the URL (HTTP Basic) and texts our answer back; the owner's replies go
// out through the Kannel provider (smsbox's sendsms) from the outbox.

const missing = withoutKannel();
const SECRET = 'kannel-webhook-secret-0123';
const OUR_NUMBER = '+15550001111';

let peers: Awaited<ReturnType<typeof startFinderTestServer>>;
let kannel: Awaited<ReturnType<typeof prepareKannel>>;
let server: TestServer;
beforeAll(async () => {
  if (missing) return;
  kannel = await prepareKannel(OUR_NUMBER);
  peers = await startFinderTestServer({ ...kannel.env, SMS_INBOUND_SECRET: SECRET });
  server = peers.server;
  const { host } = new URL(server.url);
  // The README's recipe: the sender, the text and smsbox's id of the message.
  await kannel.start(`http://kannel:${SECRET}@${host}/api/sms/inbound?from=%p&text=%a&id=%I`);
});
afterAll(async () => {
  await kannel?.close();
  await peers?.close();
});

const spaced = (code: string) => `${code.slice(0, 5)} ${code.slice(5)}`;
const mailTo = (address: string, words: string) =>
  until(
    async () => peers.sink.received.find((m) => m.to.includes(address) && m.text.includes(words)),
    (m) => !!m,
  );

describe.skipIf(missing !== null)(
  `a finder texting through Kannel${missing ? ` (SKIPPED: ${missing})` : ''}`,
  () => {
    it('reaches the owner by e-mail, gets the owner’s web reply on the handset, goes on by text; a bad code gets the one answer; STOP stops', async () => {
      const owner = await signUp(server);
      const { code, itemId } = await assignedItem(server.db.knex, owner.user.id, { name: 'Blue backpack' });
      const finder = `+1${uniquePhone()}`;
      const { handset } = kannel;
      const brand = server.config.brand.name;

      // The first text: the owner is e-mailed; the finder is answered through smsbox, from our number.
      await handset.text(finder, `HOMING ${spaced(code).toLowerCase()} Found your backpack at the library`);
      const received = await handset.waitFor(finder);
      expect(received).toEqual({
        from: OUR_NUMBER,
        to: finder,
        text: `${brand}: your message about Blue backpack was sent to its owner. Their answer will come here by text; reply to this number to add to it.`,
      });
      const alert = await mailTo(owner.email, 'Found your backpack at the library');
      expect(alert?.text).toContain('Good news: someone found your Blue backpack');
      const report = await server.db.knex('foundReports').where({ itemId }).first();
      expect(report).toMatchObject({ byText: true, finderPhone: finder });
      // smsbox names the message (%I): a retry of its post would be answered, not processed again.
      const processed = await server.db.knex('inboundTexts').where({ provider: 'kannel' });
      expect(processed).toHaveLength(1);
      expect(processed[0]).toMatchObject({ messageId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
      expect(processed[0].answer).toBe(received!.text);

      // The owner replies on the web; it reaches the handset through Kannel's sendsms.
      const reply = await server.api('POST', `/api/reports/${report.id}/messages`, {
        token: owner.token,
        body: { text: 'Thanks! Front desk, please' },
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      const answer = await handset.waitFor(finder, (t) => t.includes('Front desk'));
      expect(answer).toEqual({
        from: OUR_NUMBER,
        to: finder,
        text: `${brand}: the owner of Blue backpack replied: "Thanks! Front desk, please". Reply to this number to answer.`,
      });

      // A second text continues the thread (no answer is texted back for it).
      await handset.text(finder, 'Left it at the front desk');
      const next = await mailTo(owner.email, 'Left it at the front desk');
      expect(next?.subject).toBe(`${brand}: new message about your Blue backpack`);
      expect(
        await server.db.knex('threadMessages').where({ foundReportId: report.id, sender: 'finder' }),
      ).toHaveLength(1);

      // A code nobody has: the one helpful answer.
      await handset.text(finder, 'HOMING ZZZZZ ZZZZZ found a wallet');
      expect((await handset.waitFor(finder, (t) => t.startsWith('We couldn')))?.text).toBe(
        `We couldn't find that code: check it and send it again, e.g. ${server.config.brand.word.toUpperCase()} 8CWNC 2KDP2`,
      );

      // STOP: nothing more reaches the handset, the owner's reply included.
      await handset.text(finder, 'STOP');
      await until(
        () => server.db.knex('smsOptOuts').where({ phoneNumber: finder }).first(),
        (row) => !!row,
      );
      await server.api('POST', `/api/reports/${report.id}/messages`, {
        token: owner.token,
        body: { text: 'Are you still there?' },
      });
      const refused = await until(
        () =>
          server.db
            .knex('notifications')
            .where({ foundReportId: report.id, audience: 'finder' })
            .orderBy('createdAt', 'desc')
            .first(),
        (row) => row?.status === 'failed' && row.payload.text.includes('Are you still there?'),
      );
      expect(refused.lastError).toContain('STOP');
      expect(kannel.accessLog()).not.toContain('Are you still there?');
      expect(handset.textsTo(finder)).toHaveLength(3);
    });

    it(`carries a conversation of ${ORDINARY_REPLIES.length} ordinary replies to the owner, accents and emoji kept both ways; a new code opens its own`, async () => {
      const owner = await signUp(server);
      const { code, itemId } = await assignedItem(server.db.knex, owner.user.id, { name: 'Rex' });
      const finder = `+1${uniquePhone()}`;
      const { handset } = kannel;
      const brand = server.config.brand.name;

      // Spanish, chosen with ES: the keyword is not for the owner; the answer is UCS-2 (two parts).
      await handset.text(finder, `ES HOMING ${code} Encontré a Rex en la estación 👍`);
      expect((await handset.waitFor(finder))?.text).toBe(
        `${brand}: tu mensaje sobre Rex se ha enviado a su dueño. Te responderá por SMS; contesta a este mensaje para seguir.`,
      );
      const report = await server.db.knex('foundReports').where({ itemId }).first();
      expect(report.message).toBe('Encontré a Rex en la estación 👍');
      await server.api('POST', `/api/reports/${report.id}/messages`, {
        token: owner.token,
        body: { text: '¡Qué alegría! ¿Dónde estás?' },
      });
      expect((await handset.waitFor(finder, (t) => t.includes('alegría')))?.text).toBe(
        `${brand}: el dueño de Rex te responde: "¡Qué alegría! ¿Dónde estás?". Contesta a este mensaje para seguir.`,
      );

      const said = async () =>
        (await server.db
          .knex('threadMessages')
          .where({ foundReportId: report.id, sender: 'finder' })
          .orderBy('createdAt')
          .pluck('body')) as string[];
      for (const [i, reply] of ORDINARY_REPLIES.entries()) {
        await handset.text(finder, reply.text);
        await until(said, (bodies) => bodies.length === i + 1);
      }
      expect(await said()).toEqual(ORDINARY_REPLIES.map((r) => r.text));

      // A new label's code after the brand word (the fake handset sends one line): its own conversation.
      const other = await assignedItem(server.db.knex, owner.user.id, { name: 'Green scarf' });
      await handset.text(finder, `homing ${other.code}-${checkSymbol(other.code)} And his scarf`);
      expect((await handset.waitFor(finder, (t) => t.includes('Green scarf')))?.text).toContain(
        'your message about Green scarf was sent to its owner',
      );
      const second = await server.db.knex('foundReports').where({ itemId: other.itemId }).first();
      expect(second).toMatchObject({ byText: true, message: 'And his scarf' });
      // Only the two answers and the owner's reply reached the handset: no "We couldn't find…".
      expect(handset.textsTo(finder)).toHaveLength(3);
    });
  },
);
