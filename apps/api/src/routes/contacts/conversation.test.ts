import crypto from 'node:crypto';
import { checkSymbol } from '@homing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignedItem } from '../../testing/codeFactory';
import { startFinderTestServer } from '../../testing/finderServer';
import { ORDINARY_REPLIES } from '../../testing/ordinaryReplies';
import { signUp, uniquePhone, type TestServer } from '../../testing/testServer';
import { until } from '../../testing/threads';

// A texted conversation (PRODUCT.md, Finders who text), through Twilio's webhook as Twilio signs
// it: once a number has an open conversation, whatever it texts reaches the owner, unless it is
// unmistakably a new label's code. The same conversation through Kannel is in kannel.test.ts.

let peers: Awaited<ReturnType<typeof startFinderTestServer>>;
let server: TestServer;
beforeAll(async () => {
  peers = await startFinderTestServer();
  server = peers.server;
});
afterAll(() => peers?.close());

/** A finder's text as Twilio posts it (signed); resolves to what we text back (null: nothing). */
async function text(from: string, body: string): Promise<string | null> {
  const res = await peers.sms.deliverInbound({
    url: `${server.url}/api/sms/inbound`,
    signedUrl: `${server.config.publicUrl}/api/sms/inbound`,
    form: {
      From: from,
      Body: body,
      To: server.config.sms.twilio.from,
      MessageSid: `SM${crypto.randomBytes(16).toString('hex')}`,
    },
  });
  const xml = await res.text();
  expect(res.status, xml).toBe(200);
  const message = /<Message>([\s\S]*)<\/Message>/.exec(xml)?.[1];
  return message === undefined
    ? null
    : message
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&');
}

const finderNumber = () => `+1${uniquePhone()}`;
const spaced = (code: string) => `${code.slice(0, 5)} ${code.slice(5)}`;
const brand = () => server.config.brand.name;

async function ownerWithItem(name: string) {
  const owner = await signUp(server);
  const { code, itemId } = await assignedItem(server.db.knex, owner.user.id, { name });
  return { owner, code, itemId };
}

const reportOf = async (itemId: string) =>
  (await server.db.knex('foundReports').where({ itemId }).first()) as {
    id: string;
    message: string;
    finderLocale: string;
  };

/** What the finder said in the conversation, as the owner reads it there (the report first). */
async function finderSaid(token: string, reportId: string) {
  const res = await server.api<{ data: { messages: { text: string; from: string }[] } }>(
    'GET',
    `/api/reports/${reportId}/thread`,
    { token },
  );
  expect(res.status).toBe(200);
  return res.body.data.messages.filter((m) => m.from === 'finder').map((m) => m.text);
}

describe('a texted conversation', () => {
  it(`takes ${ORDINARY_REPLIES.length} ordinary replies in English, Spanish and French, every one reaching the owner as written`, async () => {
    const { owner, code, itemId } = await ownerWithItem('Rex');
    const finder = finderNumber();
    expect(await text(finder, `HOMING ${spaced(code)} Found your dog in the park`)).toBe(
      `${brand()}: your message about Rex was sent to its owner. Their answer will come here by text; reply to this number to add to it.`,
    );
    const report = await reportOf(itemId);
    const asked = await server.api('POST', `/api/reports/${report.id}/messages`, {
      token: owner.token,
      body: { text: 'Thank you so much! Where can I meet you, and what are you wearing?' },
    });
    expect(asked.status).toBe(201);

    for (const reply of ORDINARY_REPLIES) expect(await text(finder, reply.text), reply.text).toBeNull();

    expect(await finderSaid(owner.token, report.id)).toEqual([
      'Found your dog in the park',
      ...ORDINARY_REPLIES.map((r) => r.text),
    ]);
    // One conversation, and the owner is told of the words the usual way.
    expect(await server.db.knex('foundReports').where({ itemId })).toHaveLength(1);
    const last = ORDINARY_REPLIES.at(-1)!.text;
    await until(
      async () => peers.sink.received.find((m) => m.to.includes(owner.email) && m.text.includes(last)),
      (m) => !!m,
    );
    // The conversation took the language of the last replies.
    expect((await reportOf(itemId)).finderLocale).toBe('fr');
  });

  it('takes the language keyword out of the words and keeps their accents, both ways', async () => {
    const { owner, code, itemId } = await ownerWithItem('Rex');
    const finder = finderNumber();
    expect(await text(finder, `ES HOMING ${spaced(code)} Encontré a Rex en la estación, ¡está bien!`)).toBe(
      `${brand()}: tu mensaje sobre Rex se ha enviado a su dueño. Te responderá por SMS; contesta a este mensaje para seguir.`,
    );
    const report = await reportOf(itemId);
    expect(report.message).toBe('Encontré a Rex en la estación, ¡está bien!');
    expect(report.finderLocale).toBe('es');
    expect(await text(finder, 'ES ¿Dónde nos vemos? Llevo una chaqueta azul')).toBeNull();
    expect(await text(finder, 'FRANCAIS')).toBeNull();
    expect(await text(finder, 'FR Je suis à la gare, près du kiosque')).toBeNull();
    expect(await finderSaid(owner.token, report.id)).toEqual([
      'Encontré a Rex en la estación, ¡está bien!',
      '¿Dónde nos vemos? Llevo una chaqueta azul',
      'Je suis à la gare, près du kiosque',
    ]);
    const alert = await until(
      async () => peers.sink.received.find((m) => m.to.includes(owner.email) && m.text.includes('Encontré')),
      (m) => !!m,
    );
    expect(alert!.text).toContain('Encontré a Rex en la estación, ¡está bien!');
    expect(alert!.text).not.toContain('ES Encontré');
    // The owner's words reach the handset with their accents.
    await server.api('POST', `/api/reports/${report.id}/messages`, {
      token: owner.token,
      body: { text: 'Génial, j’arrive à côté du kiosque' },
    });
    expect((await peers.sms.waitFor((m) => m.to === finder))?.body).toBe(
      `${brand()} : le propriétaire de Rex répond "Génial, j’arrive à côté du kiosque". Répondez à ce numéro pour continuer.`,
    );
  });

  it('opens a new conversation for an unmistakable new code only; what looks like one stays in the conversation', async () => {
    const { owner, code, itemId } = await ownerWithItem('Rex');
    const scarf = await ownerWithItem('Green scarf');
    const wallet = await ownerWithItem('Brown wallet');
    const finder = finderNumber();
    await text(finder, `HOMING ${code} Found your dog`);
    const rex = await reportOf(itemId);

    // The brand word and a code: the scarf's own conversation, its owner told.
    expect(await text(finder, `homing ${spaced(scarf.code)} And this scarf was beside him`)).toBe(
      `${brand()}: your message about Green scarf was sent to its owner. Their answer will come here by text; reply to this number to add to it.`,
    );
    expect((await reportOf(scarf.itemId)).message).toBe('And this scarf was beside him');
    // A code with its right check symbol alone on its line: the wallet's.
    expect(
      await text(finder, `${spaced(wallet.code)}-${checkSymbol(wallet.code)}\nA wallet too, by the bench`),
    ).toContain('your message about Brown wallet was sent');
    const walletReport = await reportOf(wallet.itemId);
    expect(walletReport.message).toBe('A wallet too, by the bench');

    // The same code in a sentence, without the brand word: words for the newest conversation.
    const inSentence = `The tag says ${spaced(scarf.code)}-${checkSymbol(scarf.code)} I think`;
    expect(await text(finder, inSentence)).toBeNull();
    expect(await finderSaid(wallet.owner.token, walletReport.id)).toEqual([
      'A wallet too, by the bench',
      inSentence,
    ]);
    // A code of nobody's, or one with a wrong check symbol, without the brand word: words too.
    const wrong = [...'23456789'].find((c) => c !== checkSymbol(code))!;
    expect(await text(finder, `${spaced(code)}${wrong}`)).toBeNull();
    expect(await text(finder, 'Room 23456 78923')).toBeNull();
    expect(await finderSaid(wallet.owner.token, walletReport.id)).toEqual([
      'A wallet too, by the bench',
      inSentence,
      `${spaced(code)}${wrong}`,
      'Room 23456 78923',
    ]);
    // With the brand word, a code nobody has is answered, never dropped.
    expect(await text(finder, 'HOMING ZZZZZ ZZZZZ hello')).toContain("We couldn't find that code");
    // Naming Rex's code again goes on with Rex's conversation.
    expect(await text(finder, `HOMING ${spaced(code)} He is asleep now`)).toBeNull();
    expect(await finderSaid(owner.token, rex.id)).toEqual(['Found your dog', 'He is asleep now']);
    expect(await server.db.knex('foundReports').where({ finderPhone: finder })).toHaveLength(3);
  });

  it('goes on with the newest open conversation, and says so when every one is closed', async () => {
    const rex = await ownerWithItem('Rex');
    const scarf = await ownerWithItem('Green scarf');
    const finder = finderNumber();
    await text(finder, `HOMING ${rex.code} Found your dog`);
    await text(finder, `HOMING ${scarf.code} Found your scarf`);
    const [rexReport, scarfReport] = [await reportOf(rex.itemId), await reportOf(scarf.itemId)];
    const close = (owner: { token: string }, id: string) =>
      server.api('POST', `/api/reports/${id}/close`, { token: owner.token, body: { block: false } });
    expect((await close(scarf.owner, scarfReport.id)).status).toBe(200);
    expect(await text(finder, 'See you at 6 then')).toBeNull();
    expect(await finderSaid(rex.owner.token, rexReport.id)).toEqual(['Found your dog', 'See you at 6 then']);
    expect((await close(rex.owner, rexReport.id)).status).toBe(200);
    expect(await text(finder, 'Hello?')).toBe(`${brand()}: the conversation about Green scarf is closed.`);
  });

  it('relays "YES" to the conversation as an answer, and answers nothing to a bare opt-in', async () => {
    const { owner, code, itemId } = await ownerWithItem('Rex');
    const finder = finderNumber();
    await text(finder, `HOMING ${code} Found your dog`);
    expect(await text(finder, 'YES')).toBeNull();
    expect(await finderSaid(owner.token, (await reportOf(itemId)).id)).toEqual(['Found your dog', 'YES']);
    expect(await text(finderNumber(), 'START')).toBeNull();
  });
});
