import { FINDER_LOCALES } from '@homing/shared';
import { describe, expect, it } from 'vitest';
import {
  closeNoticeSms,
  confirmLinkEmail,
  confirmLinkSms,
  finderTextFor,
  ownerReplyEmail,
  ownerReplySms,
  ownerReplyText,
} from './finderMessages';
import { isGsm7, smsSegments } from './sms';

// The texts alone (no database): the API tests (routes/found/finderLanguage.test.ts) read them as
// received by a real SMTP server and SMS peer.

const link = 'https://homing.example/found/K7M2P9QX4T/t/' + 'A'.repeat(43);
const base = { itemName: 'Red keyring', brandName: 'Homing', link };
const reply = (over: { text?: string; location?: { latitude: number; longitude: number } | null } = {}) => ({
  ...base,
  text: 'Thanks! I can pick it up at 5',
  location: null,
  ...over,
});

/** GSM 03.38's basic set: an SMS of these characters is 160 a segment, else UCS-2 and 70. */
const GSM7 = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);

describe('what we send a finder, in their language', () => {
  it('keeps the English exactly as it was', () => {
    const mail = confirmLinkEmail({ ...base, locale: 'en' });
    expect(mail.subject).toBe('Homing: your message about an item you found');
    const intro =
      'Thank you for writing to the owner of an item you found. Open the conversation to confirm this address: after that, the owner’s replies will come here too.';
    expect(mail.text).toBe(`${intro}\n\nOpen the conversation: ${link}`);
    expect(mail.html).toBe(`<p>${intro}</p>\n\n\n<p><a href="${link}">Open the conversation</a></p>`);
    expect(confirmLinkSms({ ...base, locale: 'en' })).toBe(
      `Homing: your message about an item you found was sent. Open this link to confirm your number and get the owner's replies: ${link}`,
    );
    const located = ownerReplyEmail({
      ...reply({ location: { latitude: 48.8584, longitude: 2.2945 } }),
      locale: 'en',
    });
    const map = 'https://www.openstreetmap.org/?mlat=48.8584&mlon=2.2945#map=17/48.8584/2.2945';
    expect(located.subject).toBe('Homing: the owner of the Red keyring replied');
    expect(located.text).toBe(
      `The owner of the Red keyring you found replied:\n\nThanks! I can pick it up at 5\n\nLocation: ${map}\n\nReply in the conversation: ${link}`,
    );
    expect(located.html).toContain(`<p><a href="${map}">Open the shared location</a></p>`);
    expect(ownerReplySms({ ...reply(), locale: 'en' })).toBe(
      `Homing: the owner of the Red keyring replied: "Thanks! I can pick it up at 5". ${link}`,
    );
    expect(
      ownerReplySms({ ...reply({ text: '', location: { latitude: 1, longitude: 2 } }), locale: 'en' }),
    ).toBe(`Homing: the owner of the Red keyring replied with a location. ${link}`);
  });

  it('speaks Spanish and French, leaving the product, the item, the link and the owner’s words as they are', () => {
    const es = confirmLinkEmail({ ...base, locale: 'es' });
    expect(es.subject).toBe('Homing: tu mensaje sobre un objeto que has encontrado');
    expect(es.text).toContain('Gracias por escribir al dueño de un objeto que has encontrado.');
    expect(es.text).toContain(`Abrir la conversación: ${link}`);
    const fr = ownerReplyEmail({ ...reply({ location: { latitude: 1, longitude: 2 } }), locale: 'fr' });
    expect(fr.subject).toBe('Homing\u202f: le propriétaire de Red keyring vous a répondu');
    expect(fr.text).toContain(
      'Le propriétaire de Red keyring, l’objet que vous avez trouvé, vous a répondu\u202f:',
    );
    expect(fr.text).toContain('Thanks! I can pick it up at 5');
    expect(fr.text).toContain('Position\u202f: https://www.openstreetmap.org/?mlat=1&mlon=2');
    expect(fr.text).toContain(`Répondre dans la conversation\u202f: ${link}`);
    expect(fr.html).toContain('>Ouvrir la position partagée</a>');
    // Every piece of our wording differs from the English; the finder's page does the same.
    for (const locale of ['es', 'fr'] as const) {
      const texts = [confirmLinkEmail({ ...base, locale }), ownerReplyEmail({ ...reply(), locale })].flatMap(
        (m) => [m.subject, m.text],
      );
      const english = [
        confirmLinkEmail({ ...base, locale: 'en' }),
        ownerReplyEmail({ ...reply(), locale: 'en' }),
      ].flatMap((m) => [m.subject, m.text]);
      texts.forEach((text, i) => expect(text, locale).not.toBe(english[i]));
      for (const text of texts) expect(text).not.toMatch(/\b(the|your|owner|replied|reply)\b/);
      // The reply names the item; the confirmation, sent before the contact is confirmed, never does.
      for (const text of texts.slice(2)) expect(text).toContain('Red keyring');
      for (const text of texts.slice(0, 2)) expect(text).not.toContain('Red keyring');
    }
  });

  it('keeps every SMS that carries a link in GSM-7 and in no more segments than the English', () => {
    const cases = [
      { ...base },
      { ...base, itemName: 'Keys', link: 'https://h.example/found/ABCDE23456/t/' + 'b'.repeat(43) },
      { ...base, itemName: 'A very long name for a small leather wallet' },
    ];
    for (const c of cases)
      for (const locale of FINDER_LOCALES) {
        const texts = [
          [ownerReplySms({ ...reply(), ...c, locale }), ownerReplySms({ ...reply(), ...c, locale: 'en' })],
          [
            ownerReplySms({ ...reply({ text: '', location: { latitude: 1, longitude: 2 } }), ...c, locale }),
            ownerReplySms({
              ...reply({ text: '', location: { latitude: 1, longitude: 2 } }),
              ...c,
              locale: 'en',
            }),
          ],
        ];
        for (const [text, english] of texts) {
          expect(
            [...text!].filter((ch) => !GSM7.has(ch)),
            `${locale}: ${text}`,
          ).toEqual([]);
          expect(smsSegments(text!), `${locale}: ${text}`).toBeLessThanOrEqual(smsSegments(english!));
          expect(text).toContain(c.link);
          expect(text).toContain(c.itemName);
        }
      }
    // The confirmation, the first text a finder gets: GSM-7 too, in no more segments than the English.
    const segments = (text: string) => (text.length <= 160 ? 1 : Math.ceil(text.length / 153));
    const englishConfirm = confirmLinkSms({ ...base, locale: 'en' });
    for (const locale of FINDER_LOCALES) {
      const text = confirmLinkSms({ ...base, locale });
      expect(
        [...text].filter((ch) => !GSM7.has(ch)),
        `${locale}: ${text}`,
      ).toEqual([]);
      expect(segments(text), `${locale}: ${text}`).toBeLessThanOrEqual(segments(englishConfirm));
      expect(text).toContain(link);
    }
    // The owner's words are quoted as written (shortened to 200 characters, as in English).
    const long = 'ñ'.repeat(250);
    expect(ownerReplySms({ ...reply({ text: long }), locale: 'es' })).toContain(`"${'ñ'.repeat(200)}"`);
    expect(ownerReplySms({ ...reply({ text: long }), locale: 'es' })).not.toContain('ñ'.repeat(201));
  });

  it('answers a finder who texted in correct Spanish and French, in at most three segments', () => {
    const example = 'HOMING 8CWNC 2KDP2';
    const names = { brand: 'Homing', item: 'Red keyring' };
    const all = (locale: (typeof FINDER_LOCALES)[number]) => {
      const t = finderTextFor(locale);
      return [
        t.received(names),
        t.reply(names, null),
        ownerReplyText({ ...reply(), locale }),
        t.unknownCode(example),
        t.checkCode(example),
        t.needMessage(example),
        t.closed(names),
        closeNoticeSms({ ...names, locale, reason: 'recovered' }),
        closeNoticeSms({ ...names, locale, reason: 'closed' }),
      ];
    };
    const english = all('en');
    // The item as the owner named it, with no article of ours before it.
    expect(english[0]).toBe(
      'Homing: your message about Red keyring was sent to its owner. Their answer will come here by text; reply to this number to add to it.',
    );
    expect(english[3]).toBe(
      "We couldn't find that code: check it and send it again, e.g. HOMING 8CWNC 2KDP2",
    );
    expect(english[4]).toContain('check the code');
    // The close notice gives the finder page's reason (its dash in GSM-7).
    expect(english[7]).toBe('Homing - Red keyring: The owner has their item back - thank you!');
    expect(english[8]).toBe('Homing - Red keyring: The owner closed this conversation.');
    expect(all('es')[3]).toBe(
      'No encontramos ese código: revísalo y envíalo otra vez, p. ej. HOMING 8CWNC 2KDP2',
    );
    expect(all('es')[6]).toBe('Homing: la conversación sobre Red keyring está cerrada.');
    expect(all('fr')[3]).toBe('Code introuvable : vérifiez-le et renvoyez-le, ex. HOMING 8CWNC 2KDP2');
    // Spanish words written without the accent they need, and French without its space before ":".
    const misspelt =
      /\b(numero|codigo|llegara|revisalo|envialo|simbolo|envia|conversacion|esta cerrada|recupero|cerro)\b/i;
    for (const locale of FINDER_LOCALES)
      all(locale).forEach((text, i) => {
        expect(smsSegments(text), `${locale}: ${text}`).toBeLessThanOrEqual(3);
        expect(text).not.toContain('http');
        if (locale === 'es') expect(text).not.toMatch(misspelt);
        if (locale === 'fr') expect(text.replace(/"[^"]*"/g, '')).not.toMatch(/\S[:;!?](\s|$)/);
        // The owner's reply carries their words: our wording around them stays GSM-7.
        if (i === 1 || i === 2) expect(isGsm7(text), `${locale}: ${text}`).toBe(true);
      });
  });

  it('counts segments as a handset pays them: GSM-7 160 and 153, UCS-2 70 and 67', () => {
    expect(smsSegments('a'.repeat(160))).toBe(1);
    expect(smsSegments('a'.repeat(161))).toBe(2);
    expect(smsSegments('a'.repeat(306))).toBe(2);
    expect(smsSegments('á'.repeat(70))).toBe(1);
    expect(smsSegments('á'.repeat(71))).toBe(2);
    expect(smsSegments('á'.repeat(134))).toBe(2);
    expect(smsSegments('á'.repeat(135))).toBe(3);
    expect(smsSegments('👍'.repeat(35))).toBe(1);
  });
});
