import { z } from 'zod';
import { safeText } from './text';

/**
 * The gift explained (PRODUCT.md, Recovery): what admins say about the finder's gift (the voucher an owner gets
 * for a recovery), and why a recovery did not earn one (a real conversation, a monthly cap).
 */
export const GIFT_LIMITS = { textMax: 500, urlMax: 500, validDaysMax: 3650, monthlyLimitMax: 50 } as const;

export const giftSettingsRequest = z.object({
  description: safeText('The gift’s description', { multiline: true, error: 'Say what the gift is' })
    .trim()
    .min(1, 'Say what the gift is')
    .max(GIFT_LIMITS.textMax, `The gift’s description is at most ${GIFT_LIMITS.textMax} characters`),
  howToRedeem: safeText('How to redeem', { multiline: true, error: 'Say how to redeem the gift' })
    .trim()
    .min(1, 'Say how to redeem the gift')
    .max(GIFT_LIMITS.textMax, `How to redeem is at most ${GIFT_LIMITS.textMax} characters`),
  // Empty: no link (owners follow the how-to text alone).
  redeemUrl: z
    .string({ error: 'The redemption link must be an https:// or http:// address' })
    .trim()
    .max(GIFT_LIMITS.urlMax, `The redemption link is at most ${GIFT_LIMITS.urlMax} characters`)
    .refine(
      (v) => v === '' || /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(v),
      'The redemption link must be an https:// or http:// address',
    )
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .default(null),
  validDays: z
    .number({ error: 'Vouchers must last a whole number of days' })
    .int('Vouchers must last a whole number of days')
    .min(1, 'Vouchers must last at least 1 day')
    .max(GIFT_LIMITS.validDaysMax, `Vouchers last at most ${GIFT_LIMITS.validDaysMax} days`),
  monthlyLimit: z
    .number({ error: 'Gifts per account per month must be a whole number' })
    .int('Gifts per account per month must be a whole number')
    .min(1, 'Allow at least 1 gift per account per month')
    .max(GIFT_LIMITS.monthlyLimitMax, `At most ${GIFT_LIMITS.monthlyLimitMax} gifts per account per month`),
});
export type GiftSettingsRequest = z.input<typeof giftSettingsRequest>;
export type GiftSettings = z.output<typeof giftSettingsRequest>;

/** Why a recovery earned no gift, in the order the rules are checked. */
export const GIFT_REFUSALS = [
  'own_account',
  'own_network',
  'item_gifted',
  'no_conversation',
  'monthly_limit',
] as const;
export type GiftRefusalReason = (typeof GIFT_REFUSALS)[number];
