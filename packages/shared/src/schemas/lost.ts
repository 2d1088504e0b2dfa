import { z } from 'zod';
import { nameText, safeText } from './text';

// Lost mode (PRODUCT.md, Lost mode): the owner marks an item lost, optionally stolen, with a message for
// finders and an optional reward; finders see it on the label's page.

export const LOST_MESSAGE_MAX = 500;
export const LOST_REWARD_MAX = 100;

export const LOST_MESSAGES = {
  messageRequired: 'Please write a message for whoever finds it',
  messageTooLong: `The message must be at most ${LOST_MESSAGE_MAX} characters`,
  rewardTooLong: `The reward must be at most ${LOST_REWARD_MAX} characters`,
  inactive: 'This item’s label is switched off. Switch it on before marking the item lost.',
  marked: 'Item marked as lost',
  ended: 'Lost mode ended',
} as const;

/** `PUT /api/items/{id}/lost`: start (or change) lost mode. */
export const markLostRequest = z.object({
  message: safeText('Message', { multiline: true, error: LOST_MESSAGES.messageRequired })
    .trim()
    .min(1, LOST_MESSAGES.messageRequired)
    .max(LOST_MESSAGE_MAX, LOST_MESSAGES.messageTooLong),
  // One line, read by strangers: bidi controls removed like a name.
  reward: nameText('Reward').pipe(z.string().max(LOST_REWARD_MAX, LOST_MESSAGES.rewardTooLong)).optional(),
  stolen: z.boolean({ error: 'stolen must be true or false' }).optional().default(false),
});
export type MarkLostRequest = z.input<typeof markLostRequest>;

/** What owners and finders see of lost mode; null when the item is not lost. */
export const lostInfo = z.object({
  since: z.string(),
  message: z.string(),
  /** '' when no reward is offered. */
  reward: z.string(),
  stolen: z.boolean(),
});
export type LostInfo = z.infer<typeof lostInfo>;
