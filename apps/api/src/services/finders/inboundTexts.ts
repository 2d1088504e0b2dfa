import type { Conn, TrxCtx } from '../../ctx';

/** A text as the gateway names it: which provider, and its id of the message (null: none given). */
export interface InboundTextId {
  provider: string;
  messageId: string | null;
}

/**
 * The answer already given to this message, when a delivery of it was processed (null when none
 * was, or the request carries no id). Read on the pool before the text is counted: a gateway's
 * retry of the webhook costs the sender's number none of its texts.
 */
export async function inboundAnswerFinder(
  { provider, messageId }: InboundTextId,
  { trx }: { trx: Conn },
): Promise<{ answer: string | null } | null> {
  if (!messageId) return null;
  const row = (await trx('inboundTexts').where({ provider, messageId }).first('answer')) as
    { answer: string | null } | undefined;
  return row ?? null;
}

/**
 * Processes an inbound text once per provider message id: the id is claimed in the caller's
 * transaction before `process` runs and its answer is stored beside it, so the message, what it
 * caused and its record commit or roll back together. A repeat (a gateway retrying the webhook,
 * a replayed request), even one racing the first, waits for the first delivery's transaction and
 * is given its stored answer, processing nothing. A text without an id is processed every time.
 */
export async function inboundTextOnce(
  { provider, messageId }: InboundTextId,
  { trx }: TrxCtx<null>,
  process: () => Promise<string | null>,
): Promise<{ answer: string | null; repeat: boolean }> {
  if (!messageId) return { answer: await process(), repeat: false };
  // A concurrent insert of the same key makes this one wait until that transaction ends.
  const claimed = (await trx('inboundTexts')
    .insert({ provider, messageId })
    .onConflict(['provider', 'messageId'])
    .ignore()
    .returning('messageId')) as unknown[];
  if (claimed.length === 0) {
    const stored = await inboundAnswerFinder({ provider, messageId }, { trx });
    return { answer: stored?.answer ?? null, repeat: true };
  }
  const answer = await process();
  await trx('inboundTexts').where({ provider, messageId }).update({ answer });
  return { answer, repeat: false };
}
