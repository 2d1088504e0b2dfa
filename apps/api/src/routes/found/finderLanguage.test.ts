import { FOUND_MESSAGES } from '@homing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignedItem, giveCode, makeSet } from '../../testing/codeFactory';
import { startFinderTestServer } from '../../testing/finderServer';
import type { ReceivedMail, SmtpSink } from '../../testing/smtpSink';
import { signUp, uniqueEmail, type TestServer } from '../../testing/testServer';
import { WAIT_MS } from '../../testing/patience';

// A finder is written to in the language of the page they reported from (`locale`, kept on the
// report): their conversation link and the owner's replies, read here as a real SMTP server and a
// Twilio-shaped SMS peer received them.

let peers: Awaited<ReturnType<typeof startFinderTestServer>>;
let sink: SmtpSink;
let sms: Awaited<ReturnType<typeof startFinderTestServer>>['sms'];
let server: TestServer;
beforeAll(async () => {
  peers = await startFinderTestServer();
  ({ server, sink, sms } = peers);
});
afterAll(async () => {
  await peers?.close();
});

let addressCounter = 0;

async function mailTo(address: string, match: (m: ReceivedMail) => boolean = () => true) {
  const end = Date.now() + WAIT_MS;
  for (;;) {
    const found = sink.received.find((m) => m.to.includes(address) && match(m));
    if (found || Date.now() > end) return found!;
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** An owner with an item named in English (their words, never translated) and a finder's report. */
async function report(body: Record<string, unknown>) {
  const owner = await signUp(server);
  const { code } = await assignedItem(server.db.knex, owner.user.id, { name: 'Red keyring' });
  const res = await server.api<{ data: { reportId: string; threadPath: string } }>(
    'POST',
    `/api/found/${code}/report`,
    { body, headers: { 'X-Forwarded-For': `198.51.100.${++addressCounter}` } },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { owner, code, ...res.body.data };
}

const ownerReplies = (s: { owner: { token: string }; reportId: string }, body: Record<string, unknown>) =>
  server.api('POST', `/api/reports/${s.reportId}/messages`, { token: s.owner.token, body }).then((res) => {
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The finder's way back: `{publicUrl}/found/{code}/t/{43-character token}`. */
const threadLink = (code: string) =>
  `${escape(server.config.publicUrl)}/found/${escape(code)}/t/[A-Za-z0-9_-]{43}`;
const brand = () => server.config.brand.name;

/** The finder follows the link in their one message: that confirms their contact (PRODUCT.md, Privacy). */
async function follow(message: string | undefined) {
  const url = new URL(/(http\S+\/t\/[A-Za-z0-9_-]{43})/.exec(message ?? '')![1]!);
  const res = await server.api('GET', `/api${url.pathname}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe("finder messages in the finder's language", () => {
  it('e-mails a Spanish finder the conversation link and the owner’s replies in Spanish', async () => {
    const finderEmail = uniqueEmail('buscadora');
    const s = await report({ foundNotes: 'Encontré tus llaves en la panadería', finderEmail, locale: 'es' });
    const row = await server.db.knex('foundReports').where({ id: s.reportId }).first();
    expect(row.finderLocale).toBe('es');

    const link = await mailTo(finderEmail);
    expect(link.subject).toBe(`${brand()}: tu mensaje sobre un objeto que has encontrado`);
    expect(link.text).toContain(
      'Gracias por escribir al dueño de un objeto que has encontrado. Abre la conversación para confirmar esta dirección: después, las respuestas del dueño también llegarán aquí.',
    );
    expect(link.text).not.toContain('Red keyring');
    expect(link.text).toMatch(new RegExp(`Abrir la conversación: ${threadLink(s.code)}`));
    expect(link.text).toMatch(new RegExp(`<a href="${threadLink(s.code)}">Abrir la conversación</a>`));
    expect(link.text).not.toMatch(/Thank you|Open the conversation/);
    // The owner's own e-mail is theirs: still English.
    const ownerMail = await mailTo(s.owner.email);
    expect(ownerMail.text).toContain('Good news: someone found your Red keyring');
    await follow(link.text);

    await ownerReplies(s, { text: '¡Gracias! Paso a buscarlas a las 5.' });
    const reply = await mailTo(finderEmail, (m) => m !== link);
    expect(reply.subject).toBe(`${brand()}: el dueño de Red keyring te ha respondido`);
    expect(reply.text).toContain('El dueño de Red keyring, el objeto que has encontrado, te ha respondido:');
    expect(reply.text).toContain('¡Gracias! Paso a buscarlas a las 5.');
    expect(reply.text).toMatch(new RegExp(`Responder en la conversación: ${threadLink(s.code)}`));
    expect(reply.text).not.toMatch(/replied|Reply in the conversation/);

    // A location alone: our words around it in Spanish too.
    await ownerReplies(s, { latitude: 40.4168, longitude: -3.7038 });
    const located = await mailTo(finderEmail, (m) => m !== link && m !== reply);
    expect(located.subject).toBe(`${brand()}: el dueño de Red keyring te ha respondido`);
    expect(located.text).toContain(
      'Ubicación: https://www.openstreetmap.org/?mlat=40.4168&mlon=-3.7038#map=17/40.4168/-3.7038',
    );
    expect(located.text).toContain('>Abrir la ubicación compartida</a>');
    expect(located.text).not.toMatch(/Location:|Open the shared location/);
  });

  it('texts a French finder the conversation link and the owner’s replies in French', async () => {
    const finderPhone = '+33612345678';
    const s = await report({ foundNotes: 'Trouvé vos clés à la boulangerie', finderPhone, locale: 'fr' });

    const link = await sms.waitFor((m) => m.to === finderPhone);
    expect(link?.body).toMatch(
      new RegExp(
        `^${escape(brand())} : votre message sur un objet trouvé a été envoyé\\. Ouvrez ce lien pour confirmer votre numéro et recevoir les réponses : ${threadLink(s.code)}$`,
      ),
    );
    await follow(link?.body);

    await ownerReplies(s, { text: 'Merci ! Je passe ce soir.' });
    const reply = await sms.waitFor((m) => m.to === finderPhone && m !== link);
    expect(reply?.body).toMatch(
      new RegExp(
        `^${escape(brand())} : le propriétaire de Red keyring répond "Merci ! Je passe ce soir\\."\\. ${threadLink(s.code)}$`,
      ),
    );

    await ownerReplies(s, { latitude: 48.8584, longitude: 2.2945 });
    const located = await sms.waitFor((m) => m.to === finderPhone && m !== link && m !== reply);
    expect(located?.body).toMatch(
      new RegExp(
        `^${escape(brand())} : le propriétaire de Red keyring partage sa position\\. ${threadLink(s.code)}$`,
      ),
    );
  });

  it('keeps English for a report without a locale, or with en', async () => {
    for (const locale of [undefined, 'en']) {
      const finderEmail = uniqueEmail('finder');
      const finderPhone = `+1555${String(2000000 + ++addressCounter).padStart(7, '0')}`;
      const s = await report({
        foundNotes: 'Found your keys at the bakery',
        finderEmail,
        finderPhone,
        locale,
      });
      const row = await server.db.knex('foundReports').where({ id: s.reportId }).first();
      expect(row.finderLocale).toBe('en');

      const mail = await mailTo(finderEmail);
      expect(mail.subject).toBe(`${brand()}: your message about an item you found`);
      expect(mail.text).toMatch(
        new RegExp(
          'Thank you for writing to the owner of an item you found\\. Open the conversation to confirm this address: after that, the owner’s replies will come here too\\.\\r?\\n\\r?\\n' +
            `Open the conversation: ${threadLink(s.code)}`,
        ),
      );
      const text = await sms.waitFor((m) => m.to === finderPhone);
      expect(text?.body).toMatch(
        new RegExp(
          `^${escape(brand())}: your message about an item you found was sent\\. Open this link to confirm your number and get the owner's replies: ${threadLink(s.code)}$`,
        ),
      );
      // Each contact confirmed by following the link sent to it.
      await follow(mail.text);
      await follow(text?.body);

      await ownerReplies(s, { text: 'Thank you!' });
      const reply = await mailTo(finderEmail, (m) => m !== mail);
      expect(reply.subject).toBe(`${brand()}: the owner of the Red keyring replied`);
      expect(reply.text).toContain('The owner of the Red keyring you found replied:');
      expect(reply.text).toMatch(new RegExp(`Reply in the conversation: ${threadLink(s.code)}`));
      const replySms = await sms.waitFor((m) => m.to === finderPhone && m !== text);
      expect(replySms?.body).toMatch(
        new RegExp(
          `^${escape(brand())}: the owner of the Red keyring replied: "Thank you!"\\. ${threadLink(s.code)}$`,
        ),
      );
    }
  });

  it('relays nothing the owner wrote to a contact not yet confirmed: one link each, then replies once followed', async () => {
    const finderEmail = uniqueEmail('stranger');
    const finderPhone = `+1555${String(3000000 + ++addressCounter).padStart(7, '0')}`;
    const s = await report({ foundNotes: 'Found your keys', finderEmail, finderPhone, locale: 'en' });
    const words = 'Call 555-0100 now for a prize';
    const owned = ['Red keyring', words];
    const mails = () => sink.received.filter((m) => m.to.includes(finderEmail));
    const texts = () => sms.received.filter((m) => m.to === finderPhone);
    const mail = await mailTo(finderEmail);
    const text = await sms.waitFor((m) => m.to === finderPhone);

    await ownerReplies(s, { text: words });
    await ownerReplies(s, { text: `${words} (again)` });
    // Everything queued for the finder's contacts (sent or not yet): the two links, nothing more.
    const queued = (await server.db.knex('notifications').where({ foundReportId: s.reportId })).filter(
      (r: { payload: { to: string } }) => [finderEmail, finderPhone].includes(r.payload.to),
    );
    expect(queued).toHaveLength(2);
    expect(queued.filter((r) => owned.some((w) => JSON.stringify(r.payload).includes(w)))).toHaveLength(0);
    expect(mails()).toHaveLength(1);
    expect(texts()).toHaveLength(1);
    const toStranger = [...mails().map((m) => `${m.subject}\n${m.text}`), ...texts().map((m) => m.body)];
    const ownerWritten = toStranger.filter((t) => owned.some((w) => t.includes(w)));
    expect(ownerWritten).toHaveLength(0);

    // The e-mail's link followed: the e-mail address is confirmed, the number given beside it is not.
    await follow(mail.text);
    await ownerReplies(s, { text: 'See you at 5' });
    const reply = await mailTo(finderEmail, (m) => m !== mail);
    expect(reply.text).toContain('See you at 5');
    expect(texts()).toHaveLength(1);
    // The text's link followed: the number gets the next reply too.
    await follow(text?.body);
    await ownerReplies(s, { text: 'Still here' });
    const replySms = await sms.waitFor((m) => m.to === finderPhone && m !== text);
    expect(replySms?.body).toContain('"Still here"');
  });

  it('names a label on no item in the finder’s language in every page, e-mail and text they get, no English in between', async () => {
    const english = /\b(Label|not attached|the owner|replied|your)\b/;
    for (const [locale, name] of [
      ['es', 'la etiqueta'],
      ['fr', "l'étiquette"],
    ] as const) {
      const owner = await signUp(server);
      const { codes } = await makeSet(server.db.knex, { count: 1 });
      await giveCode(server.db.knex, codes[0]!.id, owner.user.id);
      const code = codes[0]!.value;
      const label = `${name} ${code.slice(0, 5)} ${code.slice(5)}`;
      const finderEmail = uniqueEmail(`etiqueta-${locale}`);
      const finderPhone = `+3361${String(2000000 + ++addressCounter).padStart(7, '0')}`;
      const res = await server.api<{ data: { reportId: string; threadPath: string } }>(
        'POST',
        `/api/found/${code}/report`,
        {
          body: { foundNotes: 'Está en un banco del parc', finderEmail, finderPhone, locale },
          headers: { 'X-Forwarded-For': `198.51.100.${++addressCounter}` },
        },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const s = { owner, code, ...res.body.data };
      const got: string[] = [];
      const link = await mailTo(finderEmail);
      const text = await sms.waitFor((m) => m.to === finderPhone);
      await follow(link.text);
      await follow(text?.body);
      // The page of the conversation.
      const view = await server.api<{ data: { item: { name: string } } }>('GET', `/api${s.threadPath}`);
      expect(view.body.data.item.name).toBe(label);
      // The owner's reply, by e-mail and text; then the conversation closes, told by text.
      await ownerReplies(s, { text: 'Merci / Gracias' });
      const reply = await mailTo(finderEmail, (m) => m !== link);
      const replySms = await sms.waitFor((m) => m.to === finderPhone && m !== text);
      const closed = await server.api('POST', `/api/reports/${s.reportId}/close`, {
        token: owner.token,
        body: { block: false },
      });
      expect(closed.status).toBe(200);
      const notice = await sms.waitFor((m) => m.to === finderPhone && m !== text && m !== replySms);
      got.push(reply.subject, reply.text, replySms!.body, notice!.body);
      for (const t of got) {
        expect(t, t).toContain(label);
        expect(t.replace(/https?:\/\/\S+/g, '').replace(brand(), ''), t).not.toMatch(english);
      }
      // The owner's own list keeps the owner's name for it.
      const mine = await server.api<{ data: { reports: { id: string; item: { name: string } }[] } }>(
        'GET',
        '/api/users/me/found-reports',
        { token: owner.token },
      );
      expect(mine.body.data.reports.find((r) => r.id === s.reportId)?.item.name).toBe(
        `Label ${code} (not attached)`,
      );
    }
  });

  it('refuses a locale it has no texts for with the usual 400, storing nothing', async () => {
    const owner = await signUp(server);
    const { code, itemId } = await assignedItem(server.db.knex, owner.user.id);
    for (const locale of ['de', 'ES', 'es-MX', '', 42, null]) {
      const res = await server.api('POST', `/api/found/${code}/report`, {
        body: { foundNotes: 'Found it', finderEmail: uniqueEmail('finder'), locale },
        headers: { 'X-Forwarded-For': `198.51.100.${++addressCounter}` },
      });
      expect(res.status, JSON.stringify(locale)).toBe(400);
      expect(res.body).toEqual({
        success: false,
        data: null,
        error: FOUND_MESSAGES.locale,
        code: 'validation_error',
      });
    }
    expect(await server.db.knex('foundReports').where({ itemId })).toHaveLength(0);
  });
});
