import type { GiftSettings } from '@homing/shared';
import type { Conn, Ctx } from '../../ctx';

/** What owners are told until an admin says otherwise (the gift explained). */
export const DEFAULT_GIFT_SETTINGS: GiftSettings = {
  description: 'A free sheet of QR labels, so more of your things can find their way home.',
  howToRedeem:
    'Quote the code to the team that runs this service before it expires. Each code can be used once.',
  redeemUrl: null,
  validDays: 365,
  monthlyLimit: 2,
};

/** The instance's gift settings: the admins' row, else the defaults. */
export async function giftSettingsLoader(_props: object, { trx }: { trx: Conn }): Promise<GiftSettings> {
  const row = (await trx('giftSettings').where({ id: 1 }).first()) as
    (GiftSettings & { updatedAt: Date }) | undefined;
  if (!row) return DEFAULT_GIFT_SETTINGS;
  return {
    description: row.description,
    howToRedeem: row.howToRedeem,
    redeemUrl: row.redeemUrl,
    validDays: row.validDays,
    monthlyLimit: row.monthlyLimit,
  };
}

/** An admin saves the gift's text, link, validity and monthly cap (applies to vouchers issued next). */
export async function giftSettingsSaver(props: GiftSettings, { trx }: Pick<Ctx, 'trx'>) {
  await trx('giftSettings')
    .insert({ id: 1, ...props, updatedAt: new Date() })
    .onConflict('id')
    .merge();
  return giftSettingsLoader({}, { trx });
}

/** What an owner reads beside a voucher: what it is, how and where to redeem it. */
export const giftExplanation = (s: GiftSettings) => ({
  description: s.description,
  howToRedeem: s.howToRedeem,
  redeemUrl: s.redeemUrl,
});
