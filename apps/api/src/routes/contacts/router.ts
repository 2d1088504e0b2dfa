import { z } from 'zod';
import {
  contactCodeConfirm,
  contactEmailRequest,
  contactLinkConfirm,
  contactPhoneRequest,
} from '@homing/shared';
import { AppError } from '../../errors';
import { createSmsProvider } from '../../notifications';
import { emailConfirmations, phoneConfirmations } from '../../limits';
import { presentContacts } from '../../presenters/accounts/contacts';
import { presentUser } from '../../presenters/accounts/user';
import { route, type Deps, type RouteDef } from '../../routing';
import { codeAttempter } from '../../services/accounts/codeAttempter';
import { contactChangeRequester } from '../../services/accounts/contactChangeRequester';
import { contactConfirmer } from '../../services/accounts/contactConfirmer';
import { contactsLoader } from '../../services/accounts/contactsLoader';
import { smsKeywordRecorder } from '../../services/accounts/smsKeywordRecorder';

/** The owner's e-mail address and phone number: changed only once the new one is confirmed. */
export function contactsRoutes({ config, worker, logger }: Deps): RouteDef[] {
  const sms = createSmsProvider(config, logger);
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

    // The SMS provider's inbound-message webhook (STOP/START), signed with HTTP Basic.
    route(
      {
        method: 'post',
        path: '/api/sms/inbound',
        access: 'webhook',
        body: z.record(z.string(), z.unknown()),
        transaction: true,
        raw: true,
      },
      async ({ body, ctx: http }, ctx) => {
        const inbound = sms.parseInbound(body);
        if (!inbound) throw new AppError(400, 'validation_error', 'Not an inbound message');
        await smsKeywordRecorder(inbound, ctx);
        // An empty TwiML answer: no reply from us (the provider answers STOP itself).
        http.status = 200;
        http.type = 'text/xml';
        http.body = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';
      },
    ),
  ];
}
