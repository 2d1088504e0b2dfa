import type { FinderLocale } from '@homing/shared';
import { threadMail, type MailLabels, type ThreadText } from './messages';

/**
 * Everything we send a finder, in the language of the page they wrote from (the report's
 * `finder_locale`): the link back to their conversation and the owner's replies. English is the
 * wording these messages always had; Spanish (tú) and French (vous) say the same the way the
 * finder page does. Only our words change: the product name, the item's name, links and the
 * owner's words go as they are.
 *
 * SMS wording is correct Spanish and French, accents included. A character outside GSM-7 (á, í,
 * ó, ú, ç, ’) makes the whole text UCS-2: 70 characters in one segment and 67 a segment past that,
 * against GSM-7's 160 and 153 (`smsSegments` in sms.ts; the README states the cost). So the texts
 * that carry the owner's words or a link are worded within GSM-7 (only the owner's words decide),
 * and every other answer takes at most three segments, Kannel's max-messages
 * (finderMessages.test.ts). French SMS put a plain space before : ; ! ? (the narrow no-break
 * space is UCS-2 too).
 */
interface Names {
  brand: string;
  item: string;
}

interface FinderTexts {
  /** threadMail's words: the shared location's label and link, and the colon before a value. */
  mail: MailLabels;
  /** The button of a mail that links to the conversation. */
  linkAction: string;
  /**
   * The one message an unconfirmed contact gets (PRODUCT.md, Privacy): the link, which confirms the contact
   * when followed, and no word the owner wrote (not even the item's name).
   */
  confirm: { subject(brand: string): string; intro: string; sms(brand: string, link: string): string };
  replySubject(n: Names): string;
  replyIntro(n: Names): string;
  replyAction: string;
  /** `said`: the owner's words, shortened; null when they replied with a location alone. */
  replySms(n: Names & { link: string }, said: string | null): string;
  /**
   * To a finder who texted the label's code (PRODUCT.md, Finders who text): plain texts, no link (they may have no
   * data); `example` is a code as it would be texted ("HOMING 8CWNC 2KDP2").
   */
  text: {
    received(n: Names): string;
    reply(n: Names, said: string | null): string;
    unknownCode(example: string): string;
    checkCode(example: string): string;
    needMessage(example: string): string;
    closed(n: Names): string;
  };
  /**
   * Told once by text when the conversation closes (PRODUCT.md, Conversations), with the reason the finder page
   * shows (its threadRecovered and threadOwnerClosed, in GSM-7). A fixed text, never the owner's words.
   */
  closeNotice: Record<'recovered' | 'closed', (n: Names) => string>;
}

const en: FinderTexts = {
  mail: { location: 'Location', openLocation: 'Open the shared location', colon: ': ' },
  linkAction: 'Open the conversation',
  confirm: {
    subject: (brand) => `${brand}: your message about an item you found`,
    intro:
      'Thank you for writing to the owner of an item you found. Open the conversation to confirm this address: after that, the owner’s replies will come here too.',
    sms: (brand, link) =>
      `${brand}: your message about an item you found was sent. Open this link to confirm your number and get the owner's replies: ${link}`,
  },
  replySubject: ({ brand, item }) => `${brand}: the owner of the ${item} replied`,
  replyIntro: ({ item }) => `The owner of the ${item} you found replied:`,
  replyAction: 'Reply in the conversation',
  replySms: ({ brand, item, link }, said) =>
    `${brand}: the owner of the ${item} replied${said ? `: "${said}"` : ' with a location'}. ${link}`,
  text: {
    received: ({ brand, item }) =>
      `${brand}: your message about ${item} was sent to its owner. Their answer will come here by text; reply to this number to add to it.`,
    reply: ({ brand, item }, said) =>
      `${brand}: the owner of ${item} replied${said ? `: "${said}"` : ' with a location'}. Reply to this number to answer.`,
    unknownCode: (example) => `We couldn't find that code: check it and send it again, e.g. ${example}`,
    checkCode: (example) =>
      `One symbol of that code is not right: check the code and send it again, e.g. ${example}`,
    needMessage: (example) =>
      `Thank you. Send the code again with your message for the owner, e.g. ${example} Found your keys at the library`,
    closed: ({ brand, item }) => `${brand}: the conversation about ${item} is closed.`,
  },
  closeNotice: {
    recovered: ({ brand, item }) => `${brand} - ${item}: The owner has their item back - thank you!`,
    closed: ({ brand, item }) => `${brand} - ${item}: The owner closed this conversation.`,
  },
};

const es: FinderTexts = {
  mail: { location: 'Ubicación', openLocation: 'Abrir la ubicación compartida', colon: ': ' },
  linkAction: 'Abrir la conversación',
  confirm: {
    subject: (brand) => `${brand}: tu mensaje sobre un objeto que has encontrado`,
    intro:
      'Gracias por escribir al dueño de un objeto que has encontrado. Abre la conversación para confirmar esta dirección: después, las respuestas del dueño también llegarán aquí.',
    sms: (brand, link) =>
      `${brand}: tu mensaje sobre un objeto encontrado se ha enviado. Abre este enlace para confirmar este contacto y recibir las respuestas: ${link}`,
  },
  replySubject: ({ brand, item }) => `${brand}: el dueño de ${item} te ha respondido`,
  replyIntro: ({ item }) => `El dueño de ${item}, el objeto que has encontrado, te ha respondido:`,
  replyAction: 'Responder en la conversación',
  replySms: ({ brand, item, link }, said) =>
    said
      ? `${brand}: el dueño de ${item} te responde: "${said}". ${link}`
      : `${brand}: el dueño de ${item} te marca un lugar en el mapa. ${link}`,
  text: {
    received: ({ brand, item }) =>
      `${brand}: tu mensaje sobre ${item} se ha enviado a su dueño. Te responderá por SMS; contesta a este mensaje para seguir.`,
    reply: ({ brand, item }, said) =>
      said
        ? `${brand}: el dueño de ${item} te responde: "${said}". Contesta a este mensaje para seguir.`
        : `${brand}: el dueño de ${item} te marca un lugar en el mapa. Contesta a este mensaje.`,
    unknownCode: (example) => `No encontramos ese código: revísalo y envíalo otra vez, p. ej. ${example}`,
    checkCode: (example) =>
      `Un símbolo del código no es correcto: revísalo y envíalo otra vez, p. ej. ${example}`,
    needMessage: (example) =>
      `Gracias. Envía otra vez el código con tu mensaje para el dueño, p. ej. ${example} Tengo tus llaves`,
    closed: ({ brand, item }) => `${brand}: la conversación sobre ${item} está cerrada.`,
  },
  closeNotice: {
    recovered: ({ brand, item }) => `${brand} - ${item}: El dueño ya tiene su objeto. ¡Gracias!`,
    closed: ({ brand, item }) => `${brand} - ${item}: El dueño cerró esta conversación.`,
  },
};

// French typography: a narrow no-break space (\u202f) before : ; ! ? in e-mail, as on the finder
// page; in SMS a plain space (the narrow one is not GSM-7).
const fr: FinderTexts = {
  mail: { location: 'Position', openLocation: 'Ouvrir la position partagée', colon: '\u202f: ' },
  linkAction: 'Ouvrir la conversation',
  confirm: {
    subject: (brand) => `${brand}\u202f: votre message à propos d’un objet trouvé`,
    intro:
      'Merci d’avoir écrit au propriétaire d’un objet que vous avez trouvé. Ouvrez la conversation pour confirmer cette adresse\u202f: ensuite, ses réponses arriveront aussi ici.',
    sms: (brand, link) =>
      `${brand} : votre message sur un objet trouvé a été envoyé. Ouvrez ce lien pour confirmer votre numéro et recevoir les réponses : ${link}`,
  },
  replySubject: ({ brand, item }) => `${brand}\u202f: le propriétaire de ${item} vous a répondu`,
  replyIntro: ({ item }) => `Le propriétaire de ${item}, l’objet que vous avez trouvé, vous a répondu\u202f:`,
  replyAction: 'Répondre dans la conversation',
  replySms: ({ brand, item, link }, said) =>
    said
      ? `${brand} : le propriétaire de ${item} répond "${said}". ${link}`
      : `${brand} : le propriétaire de ${item} partage sa position. ${link}`,
  text: {
    received: ({ brand, item }) =>
      `${brand} : votre message sur ${item} a été transmis au propriétaire. Sa réponse arrivera par SMS ; répondez à ce numéro pour continuer.`,
    reply: ({ brand, item }, said) =>
      said
        ? `${brand} : le propriétaire de ${item} répond "${said}". Répondez à ce numéro pour continuer.`
        : `${brand} : le propriétaire de ${item} partage sa position. Répondez à ce numéro.`,
    unknownCode: (example) => `Code introuvable : vérifiez-le et renvoyez-le, ex. ${example}`,
    checkCode: (example) => `Un symbole du code est erroné : vérifiez le code et renvoyez-le, ex. ${example}`,
    needMessage: (example) =>
      `Merci. Renvoyez le code avec votre message pour le propriétaire, ex. ${example} J'ai vos clés`,
    closed: ({ brand, item }) => `${brand} : la conversation sur ${item} est close.`,
  },
  closeNotice: {
    recovered: ({ brand, item }) => `${brand} - ${item} : le propriétaire a récupéré son objet. Merci !`,
    closed: ({ brand, item }) => `${brand} - ${item} : le propriétaire a clos cette conversation.`,
  },
};

export const FINDER_TEXTS: Record<FinderLocale, FinderTexts> = { en, es, fr };

/** A stored locale we have no texts for (none should be: a CHECK keeps them known) reads English. */
const textsFor = (locale: FinderLocale) => FINDER_TEXTS[locale] ?? en;

export interface FinderLink {
  itemName: string;
  brandName: string;
  /** The finder's way back into the conversation (a fresh token each time). */
  link: string;
  locale: FinderLocale;
}

const names = (m: { brandName: string; itemName: string }): Names => ({
  brand: m.brandName,
  item: m.itemName,
});

/** To a finder's contact not yet confirmed: the link that confirms it, and nothing the owner wrote. */
export function confirmLinkEmail(ctx: Omit<FinderLink, 'itemName'>) {
  const t = textsFor(ctx.locale);
  return threadMail(
    t.confirm.intro,
    t.confirm.subject(ctx.brandName),
    { itemName: '', brandName: ctx.brandName, link: ctx.link, text: '', location: null },
    t.linkAction,
    t.mail,
  );
}

export const confirmLinkSms = (ctx: Omit<FinderLink, 'itemName'>) =>
  textsFor(ctx.locale).confirm.sms(ctx.brandName, ctx.link);

/** To the finder: the owner replied (their words; nothing else about them). */
export function ownerReplyEmail(m: ThreadText & { locale: FinderLocale }) {
  const t = textsFor(m.locale);
  return threadMail(t.replyIntro(names(m)), t.replySubject(names(m)), m, t.replyAction, t.mail);
}

export const ownerReplySms = (m: ThreadText & { locale: FinderLocale }) =>
  textsFor(m.locale).replySms({ ...names(m), link: m.link }, m.text ? m.text.slice(0, 200) : null);

/** What a finder who texted is answered (a plain text, in their language). */
export const finderTextFor = (locale: FinderLocale) => textsFor(locale).text;

/** To a finder who texted: the owner replied (their words, shortened; nothing else about them). */
export const ownerReplyText = (m: Omit<ThreadText, 'link'> & { locale: FinderLocale }) =>
  textsFor(m.locale).text.reply(names(m), m.text ? m.text.slice(0, 300) : null);

/** The text a finder is sent once when their conversation closes, in their language. */
export const closeNoticeSms = (m: Names & { locale: FinderLocale; reason: 'recovered' | 'closed' }) =>
  textsFor(m.locale).closeNotice[m.reason](m);
