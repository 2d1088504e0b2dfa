import { threadMessageRequest } from '@homing/shared';
import { z } from 'zod';
import { ownerMessage } from '../../limits';
import { presentOwnerThread } from '../../presenters/finders/thread';
import { route, type Deps, type RouteDef } from '../../routing';
import { ownedReportFinder } from '../../policies/ownedReportFinder';
import { threadCloser } from '../../services/finders/threadCloser';
import { threadLoader } from '../../services/finders/threadLoader';
import { threadMessageSender } from '../../services/finders/threadMessageSender';
import { threadReadMarker } from '../../services/finders/threadReadMarker';

const idParams = z.object({ id: z.string().max(64) });
const closeRequest = z.object({ block: z.boolean().optional().default(false) }).strict();

/** The owner's side of a finder conversation: read (a receipt), reply, close, block. */
export function reportThreadRoutes(deps: Deps): RouteDef[] {
  const { config, hub, worker } = deps;
  return [
    // Opening the conversation is the finder's "Read by the owner": a write.
    route(
      { method: 'get', path: '/api/reports/:id/thread', access: 'user', params: idParams, transaction: true },
      async ({ params }, ctx) =>
        presentOwnerThread(await threadReadMarker({ reportId: params.id }, { ...ctx, hub })),
    ),

    route(
      {
        method: 'post',
        path: '/api/reports/:id/messages',
        access: 'user',
        params: idParams,
        body: threadMessageRequest,
        // Counted only on the owner's own conversations (404 for any other), per conversation and sender.
        limits: [ownerMessage],
        transaction: true,
        status: 201,
      },
      async ({ params, body }, ctx) => {
        const thread = await ownedReportFinder({ reportId: params.id }, ctx);
        const { id } = await threadMessageSender(
          { foundReportId: thread.foundReportId, from: 'owner', message: body },
          { ...ctx, config, hub, worker },
        );
        return { id, thread: presentOwnerThread(await threadLoader(thread, ctx)) };
      },
    ),

    route(
      {
        method: 'post',
        path: '/api/reports/:id/close',
        access: 'user',
        params: idParams,
        body: closeRequest,
        transaction: true,
      },
      async ({ params, body }, ctx) =>
        presentOwnerThread(
          await threadCloser({ reportId: params.id, block: body.block }, { ...ctx, hub, config, worker }),
        ),
    ),
  ];
}
