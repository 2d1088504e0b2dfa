import { threadMessageRequest } from '@homing/shared';
import { z } from 'zod';
import { presentFinderThread } from '../../presenters/finders/thread';
import { route, type Deps, type RouteDef } from '../../routing';
import { codeLookupLimiter } from '../../services/finders/codeLookupLimiter';
import { finderThreadFinder } from '../../services/finders/finderThreadFinder';
import { addressKey } from '../../lib/rateLimiter';
import { threadLoader } from '../../services/finders/threadLoader';
import { threadMessageLimiter } from '../../services/finders/threadMessageLimiter';
import { threadMessageSender } from '../../services/finders/threadMessageSender';
import { threadKey } from '../../notifications/threadEvents';
import { eventStreamOpener } from './eventStream';

const threadParams = z.object({
  qrCode: z.string().trim().min(1).max(64),
  token: z.string().max(200),
});

/**
 * The finder's side of a conversation, opened by the link's token alone (the code in the path is
 * the label's, for a readable address). Every look-up counts against the address's code look-up
 * limit, so tokens cannot be guessed at speed, and a wrong token answers as an unknown one.
 */
export function finderThreadRoutes(deps: Deps): RouteDef[] {
  const { config, hub, worker } = deps;
  const openStream = eventStreamOpener(deps);
  const limits = {
    perThread: config.limits.threadMessagesPerThread,
    perSender: config.limits.threadMessagesPerSender,
  };
  const lookUp = async (
    { params, ctx }: { params: { token: string }; ctx: { ip: string } },
    { trx }: { trx: Deps['db'] },
  ) => {
    await codeLookupLimiter({ ip: ctx.ip }, { trx, config });
    return finderThreadFinder(params, { trx });
  };
  return [
    route(
      {
        method: 'get',
        path: '/api/found/:qrCode/t/:token',
        access: 'public',
        params: threadParams,
        prepare: lookUp,
      },
      async ({ prepared }, ctx) => presentFinderThread(await threadLoader(prepared, ctx)),
    ),

    route(
      {
        method: 'post',
        path: '/api/found/:qrCode/t/:token/messages',
        access: 'public',
        params: threadParams,
        body: threadMessageRequest,
        prepare: async (input, ctx) => {
          const thread = await lookUp(input, ctx);
          const counts = await threadMessageLimiter(
            { foundReportId: thread.foundReportId, sender: `finder:${addressKey(input.ctx.ip)}` },
            { trx: ctx.trx, limits },
          );
          return { ...thread, ...counts };
        },
        transaction: true,
        status: 201,
      },
      async ({ body, prepared }, ctx) => {
        ctx.afterRollback(prepared.refund);
        const { id } = await threadMessageSender(
          { foundReportId: prepared.foundReportId, from: 'finder', message: body },
          { ...ctx, config, hub, worker },
        );
        return { id, thread: presentFinderThread(await threadLoader(prepared, ctx)) };
      },
    ),

    // Live news of the conversation (a reply, a receipt) for the finder's open page: EventSource.
    route(
      {
        method: 'get',
        path: '/api/found/:qrCode/t/:token/events',
        access: 'public',
        params: threadParams,
        prepare: lookUp,
        raw: true,
      },
      async ({ ctx, prepared }) => openStream(ctx, threadKey(prepared.foundReportId)),
    ),
  ];
}
