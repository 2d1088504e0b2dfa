import { threadMessageRequest } from '@homing/shared';
import { z } from 'zod';
import { codeLookup, finderMessage } from '../../limits';
import { presentFinderThread } from '../../presenters/finders/thread';
import { route, type Deps, type RouteDef } from '../../routing';
import { finderThreadFinder } from '../../services/finders/finderThreadFinder';
import { threadLoader } from '../../services/finders/threadLoader';
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
  return [
    route(
      {
        method: 'get',
        path: '/api/found/:qrCode/t/:token',
        access: 'public',
        params: threadParams,
        limits: [codeLookup],
      },
      async ({ params }, ctx) =>
        presentFinderThread(await threadLoader(await finderThreadFinder(params, ctx), ctx)),
    ),

    route(
      {
        method: 'post',
        path: '/api/found/:qrCode/t/:token/messages',
        access: 'public',
        params: threadParams,
        body: threadMessageRequest,
        limits: [codeLookup, finderMessage],
        transaction: true,
        status: 201,
      },
      async ({ params, body }, ctx) => {
        const thread = await finderThreadFinder(params, ctx);
        const { id } = await threadMessageSender(
          { foundReportId: thread.foundReportId, from: 'finder', message: body },
          { ...ctx, config, hub, worker },
        );
        return { id, thread: presentFinderThread(await threadLoader(thread, ctx)) };
      },
    ),

    // Live news of the conversation (a reply, a receipt) for the finder's open page: EventSource.
    route(
      {
        method: 'get',
        path: '/api/found/:qrCode/t/:token/events',
        access: 'public',
        params: threadParams,
        limits: [codeLookup],
        raw: true,
      },
      async ({ ctx: http, params }, ctx) =>
        openStream(http, threadKey((await finderThreadFinder(params, ctx)).foundReportId)),
    ),
  ];
}
