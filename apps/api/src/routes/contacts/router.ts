import { z } from 'zod';
import {
  contactCodeConfirm,
  contactEmailRequest,
  contactLinkConfirm,
  contactPhoneRequest,
  isPremiumOrSatellite,
} from '@homing/shared';
import { AppError } from '../../errors';
import { createSmsProvider } from '../../notifications';
import { contactUndos, emailConfirmations, passwordWork, phoneConfirmations, textLimits } from '../../limits';
import { existingPhone } from '../../lib/existingPhone';
import { parseTextedCode } from '../../lib/textedCode';
import { textLanguage } from '../../lib/textLanguage';
import { optedOut } from '../../notifications/recipients';
import { inboundKeyword, type InboundSms } from '../../notifications/sms';
import { outsideSmsCountries, smsBudgetOf, smsBudgetRefusal } from '../../notifications/smsBudget';
import { inboundAnswerFinder, inboundTextOnce } from '../../services/finders/inboundTexts';
import { textReceiver } from '../../services/finders/textReceiver';
import { presentContacts } from '../../presenters/accounts/contacts';
import { presentUser } from '../../presenters/accounts/user';
import { route, type Deps, type RouteDef } from '../../routing';
import { codeAttempter } from '../../services/accounts/codeAttempter';
import { contactChangeRequester } from '../../services/accounts/contactChangeRequester';
import { contactConfirmer } from '../../services/accounts/contactConfirmer';
import { contactChangeUndoer } from '../../services/accounts/contactChangeUndoer';
import { currentPasswordChecker } from '../../services/accounts/currentPasswordChecker';
import { otherSessionsRevoker } from '../../services/accounts/otherSessionsRevoker';
import { contactsLoader } from '../../services/accounts/contactsLoader';
import { smsKeywordRecorder } from '../../services/accounts/smsKeywordRecorder';

export const CONTACT_CHANGE_UNDONE =
  'The change is undone and every device is signed out. Choose a new password to log in again.';

/**
 * The owner's e-mail address and phone number: a change needs the current password, ends every
 * other session, and takes effect once the new contact is confirmed; the old one is then told,
 * with a link that undoes it.
 */
export function contactsRoutes({ config, worker, logger, hub, db }: Deps): RouteDef[] {
  const sms = createSmsProvider(config, logger);
  const countText = textLimits({ db, config });
  const budget = smsBudgetOf(config);
  const inboundId = ({ messageId }: InboundSms) => ({ provider: config.sms.provider, messageId });
  const contacts = async (ctx: Parameters<typeof contactsLoader>[1]) =>
    presentContacts(await contactsLoader({}, ctx));

  return [
    route({ method: 'get', path: '/api/users/me/contacts', access: 'user' }, (_input, ctx) => contacts(ctx)),

    route(
      {
        method: 'post',
        path: '/api/users/me/contacts/email',
        access: 'user',
        body: contactEmailRequest,
        transaction: true,
        limits: [passwordWork, emailConfirmations],
        prepare: ({ body }, ctx) => currentPasswordChecker({ password: body.currentPassword }, ctx),
      },
      async ({ body, ctx: http }, ctx) => {
        const { sent } = await contactChangeRequester({ email: body.email }, { ...ctx, config, worker });
        await otherSessionsRevoker({ keepSessionId: http.state.sessionId as string | null }, ctx);
        return { sent, contacts: await contacts(ctx) };
      },
    ),

    route(
      {
        method: 'post',
        path: '/api/users/me/contacts/phone',
        access: 'user',
        body: existingPhone(contactPhoneRequest, (b) => b.phoneNumber, 'phoneNumber'),
        transaction: true,
        limits: [passwordWork, phoneConfirmations],
        prepare: ({ body }, ctx) => currentPasswordChecker({ password: body.currentPassword }, ctx),
      },
      async ({ body, ctx: http }, ctx) => {
        const { phoneNumber, smsOptIn } = body;
        const { sent } = await contactChangeRequester({ phoneNumber, smsOptIn }, { ...ctx, config, worker });
        await otherSessionsRevoker({ keepSessionId: http.state.sessionId as string | null }, ctx);
        return { sent, contacts: await contacts(ctx) };
      },
    ),

    route(
      {
        method: 'post',
        path: '/api/users/me/contacts/phone/confirm',
        access: 'user',
        body: contactCodeConfirm,
        transaction: true,
        // On the pool: a wrong code's count stands whatever the transaction does.
        prepare: ({ body }, ctx) =>
          codeAttempter({ userId: ctx.actor.id, purpose: 'phone_confirm', code: body.code }, ctx),
      },
      async ({ prepared }, ctx) => {
        await contactConfirmer(prepared, { ...ctx, config, worker });
        return { contacts: await contacts(ctx) };
      },
    ),

    // The e-mailed link: it may be opened signed out, on another device; its secret is the proof.
    route(
      {
        method: 'post',
        path: '/api/auth/confirm-email',
        access: 'public',
        body: contactLinkConfirm,
        transaction: true,
      },
      async ({ body }, ctx) => {
        const user = await contactConfirmer({ secret: body.token }, { ...ctx, config, worker });
        return { user: presentUser(user) };
      },
    ),

    // The link the old address or number got after a change: it may be opened anywhere, signed out.
    route(
      {
        method: 'post',
        path: '/api/auth/undo-contact-change',
        access: 'public',
        body: contactLinkConfirm,
        transaction: true,
        limits: [contactUndos],
      },
      async ({ body }, ctx) => {
        const { channel } = await contactChangeUndoer({ secret: body.token }, ctx);
        return { restored: channel === 'email' ? 'email' : 'phone', message: CONTACT_CHANGE_UNDONE };
      },
    ),

    // The SMS gateway's inbound-message webhook (Twilio's signature or HTTP Basic: webhookGuard): STOP/START, and a
    // finder's text to our number (PRODUCT.md, Finders who text), counted by number and code before the transaction.
    // Each message is processed once by the provider's id of it (services/finders/inboundTexts.ts): a repeat is
    // given the first delivery's answer and counts nothing.
    route(
      {
        method: 'post',
        path: '/api/sms/inbound',
        access: 'webhook',
        // Twilio posts a form; Kannel's smsbox posts the text as text/plain, its fields in the query.
        body: z.union([z.record(z.string(), z.unknown()), z.string()]),
        transaction: true,
        raw: true,
        prepare: async ({ body, ctx: http }, ctx) => {
          const inbound = sms.parseInbound({ body, query: http.query });
          if (!inbound) throw new AppError(400, 'validation_error', 'Not an inbound message');
          // STOP is never words for anyone; an opt-in word ("YES") may be an answer too.
          const keyword = inboundKeyword(inbound.text);
          if (keyword === 'stop') return { inbound, keyword, texted: null, allowed: true };
          const texted = parseTextedCode(inbound.text, [config.brand.word, config.brand.name]);
          if (await inboundAnswerFinder(inboundId(inbound), ctx))
            return { inbound, keyword, texted, allowed: false };
          return { inbound, keyword, texted, allowed: await countText(inbound.from, texted) };
        },
      },
      async ({ prepared: { inbound, keyword, texted, allowed }, ctx: http }, ctx) => {
        const { answer, repeat } = await inboundTextOnce(inboundId(inbound), ctx, async () => {
          // The provider answers STOP and START itself.
          if (keyword) await smsKeywordRecorder(inbound, ctx);
          if (!texted || !allowed) return null;
          const received = await textReceiver(
            { from: inbound.from, texted, locale: textLanguage(inbound.text), optIn: keyword === 'start' },
            { ...ctx, config, hub, worker },
          );
          // A number that answered STOP is not answered (its text still reaches the owner); nor, as
          // for every text, a premium-rate or satellite number or one outside SMS_COUNTRIES, nor past the SMS budget.
          if (!received.answer || (await optedOut(ctx.trx, inbound.from))) return null;
          if (isPremiumOrSatellite(inbound.from) || outsideSmsCountries(budget, inbound.from)) return null;
          return (await smsBudgetRefusal(ctx.trx, budget, inbound.from)) ? null : received.answer;
        });
        const reply = sms.inboundReply(
          repeat && answer && (await optedOut(ctx.trx, inbound.from)) ? null : answer,
        );
        http.status = 200;
        if (reply.headers) http.set(reply.headers);
        http.type = reply.type;
        http.body = reply.body;
      },
    ),
  ];
}
