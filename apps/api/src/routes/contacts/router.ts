import { z } from 'zod';
import {
  contactCodeConfirm,
  contactEmailRequest,
  contactLinkConfirm,
  contactPhoneRequest,
} from '@homing/shared';
import { AppError } from '../../errors';
import { createSmsProvider } from '../../notifications';
import { emailConfirmations, phoneConfirmations, textLimits } from '../../limits';
import { parseTextedCode } from '../../lib/textedCode';
import { textLanguage } from '../../lib/textLanguage';
import { optedOut } from '../../notifications/recipients';
import { inboundKeyword } from '../../notifications/sms';
import { textReceiver } from '../../services/finders/textReceiver';
import { presentContacts } from '../../presenters/accounts/contacts';
import { presentUser } from '../../presenters/accounts/user';
import { route, type Deps, type RouteDef } from '../../routing';
import { codeAttempter } from '../../services/accounts/codeAttempter';
import { contactChangeRequester } from '../../services/accounts/contactChangeRequester';
import { contactConfirmer } from '../../services/accounts/contactConfirmer';
import { contactsLoader } from '../../services/accounts/contactsLoader';
import { smsKeywordRecorder } from '../../services/accounts/smsKeywordRecorder';

/** The owner's e-mail address and phone number: changed only once the new one is confirmed. */
export function contactsRoutes({ config, worker, logger, hub, db }: Deps): RouteDef[] {
  const sms = createSmsProvider(config, logger);
  const countText = textLimits({ db, config });
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
        limits: [emailConfirmations],
      },
      async ({ body }, ctx) => {
        const { sent } = await contactChangeRequester(body, { ...ctx, config, worker });
        return { sent, contacts: await contacts(ctx) };
      },
    ),

    route(
      {
        method: 'post',
        path: '/api/users/me/contacts/phone',
        access: 'user',
        body: contactPhoneRequest,
        transaction: true,
        limits: [phoneConfirmations],
      },
      async ({ body }, ctx) => {
        const { sent } = await contactChangeRequester(body, { ...ctx, config, worker });
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
        await contactConfirmer(prepared, ctx);
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
        const user = await contactConfirmer({ secret: body.token }, ctx);
        return { user: presentUser(user) };
      },
    ),

    // The SMS gateway's inbound-message webhook (Twilio's signature or HTTP Basic: webhookGuard): STOP/START, and a
    // finder's text to our number (issue 29), counted by number and code before the transaction.
    route(
      {
        method: 'post',
        path: '/api/sms/inbound',
        access: 'webhook',
        // Twilio posts a form; Kannel's smsbox posts the text as text/plain, its fields in the query.
        body: z.union([z.record(z.string(), z.unknown()), z.string()]),
        transaction: true,
        raw: true,
        prepare: async ({ body, ctx: http }) => {
          const inbound = sms.parseInbound({ body, query: http.query });
          if (!inbound) throw new AppError(400, 'validation_error', 'Not an inbound message');
          if (inboundKeyword(inbound.text)) return { inbound, texted: null, allowed: true };
          const texted = parseTextedCode(inbound.text, [config.brand.word, config.brand.name]);
          return { inbound, texted, allowed: await countText(inbound.from, texted) };
        },
      },
      async ({ prepared: { inbound, texted, allowed }, ctx: http }, ctx) => {
        let answer: string | null = null;
        // The provider answers STOP and START itself.
        if (!texted) await smsKeywordRecorder(inbound, ctx);
        else if (allowed) {
          const received = await textReceiver(
            { from: inbound.from, texted, locale: textLanguage(inbound.text) },
            { ...ctx, config, hub, worker },
          );
          // A number that answered STOP is not answered (its text still reaches the owner).
          if (received.answer && !(await optedOut(ctx.trx, inbound.from))) answer = received.answer;
        }
        const reply = sms.inboundReply(answer);
        http.status = 200;
        http.type = reply.type;
        http.body = reply.body;
      },
    ),
  ];
}
