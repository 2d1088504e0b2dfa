import { z } from 'zod';
import { safeText } from './text';

/** A conversation message's bound (plain text; the report itself keeps FOUND_MESSAGE_MAX). */
export const THREAD_MESSAGE_MAX = 1000;
export const THREAD_MESSAGES = {
  empty: 'Please write a message or share a location',
  tooLong: `A message must be at most ${THREAD_MESSAGE_MAX} characters`,
  coordinates: 'Location must be a latitude from -90 to 90 and a longitude from -180 to 180',
  closed: 'This conversation is closed.',
  notFound: 'Conversation not found',
  tooMany: 'Several messages were sent in a short time. Please try again in a few minutes.',
  blocked: 'The owner of this item is not accepting messages from this sender.',
} as const;

const coordinate = (limit: number) =>
  z
    .number({ error: THREAD_MESSAGES.coordinates })
    .refine((v) => Number.isFinite(v) && Math.abs(v) <= limit, THREAD_MESSAGES.coordinates)
    .transform((v) => Math.round(v * 10_000) / 10_000);

/** A message in a finder–owner conversation: text, a shared location, or both. */
export const threadMessageRequest = z
  .object({
    text: safeText('Message', { multiline: true })
      .trim()
      .max(THREAD_MESSAGE_MAX, THREAD_MESSAGES.tooLong)
      .optional()
      .default(''),
    latitude: coordinate(90).optional().nullable(),
    longitude: coordinate(180).optional().nullable(),
  })
  .strict()
  .refine((m) => (m.latitude == null) === (m.longitude == null), {
    message: THREAD_MESSAGES.coordinates,
    path: ['latitude'],
  })
  .refine((m) => m.text !== '' || m.latitude != null, { message: THREAD_MESSAGES.empty, path: ['text'] });
export type ThreadMessageRequest = z.input<typeof threadMessageRequest>;

/** blocked: from a sender the owner blocked, held for the owner (never an alert). */
export const THREAD_STATES = ['new', 'read', 'answered', 'closed', 'blocked'] as const;
export type ThreadState = (typeof THREAD_STATES)[number];

const message = z.object({
  id: z.string(),
  from: z.enum(['finder', 'owner']),
  text: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  sentAt: z.string(),
});

/** What became of a finder's message: when the owner was notified (and how) and read it. */
export const finderReceipt = z.object({
  notified: z.object({ channel: z.enum(['email', 'sms', 'push']), at: z.string() }).nullable(),
  readAt: z.string().nullable(),
  /** Not yet notified: the owner's quiet hours hold the alert until then. */
  heldUntil: z.string().nullable(),
});

/** `GET /api/found/:qrCode/t/:token`: the finder's side. Never the owner's contact details. */
export const finderThread = z.object({
  item: z.object({ name: z.string() }),
  open: z.boolean(),
  /** Why it is closed: the item is home, or the owner closed it (a block says no more than that). */
  closedReason: z.enum(['recovered', 'closed']).nullable(),
  messages: z.array(message.extend({ receipt: finderReceipt.nullable() })),
  ownerRepliedAt: z.string().nullable(),
});
export type FinderThread = z.infer<typeof finderThread>;

/** `GET /api/reports/:id/thread`: the owner's side. Never the finder's contact details. */
export const ownerThread = z.object({
  id: z.string(),
  // id: null for a label on no item (never attached, or its item deleted).
  item: z.object({ id: z.string().nullable(), name: z.string() }),
  state: z.enum(THREAD_STATES),
  open: z.boolean(),
  /** Closed because the item was marked recovered after this report. */
  recovered: z.boolean(),
  blocked: z.boolean(),
  /** The finder left a way to be told of replies (never which one, nor its value). */
  finderNotified: z.boolean(),
  messages: z.array(message),
});
export type OwnerThread = z.infer<typeof ownerThread>;
