import { useState } from 'react';
import { formatDate } from '../format';
import type { GiftExplanation, Voucher } from '../ownerApi';

const expiry = (v: Voucher, now: number) =>
  Date.parse(v.expiresAt) < now
    ? ` · expired ${formatDate(v.expiresAt)}`
    : ` · valid until ${formatDate(v.expiresAt)}`;

/**
 * "Your gifts": the vouchers earned by marking items recovered (PRODUCT.md, Recovery), with what
 * the gift is, how and where to redeem it (the admins' words) and each voucher's expiry.
 */
export function GiftsCard({ vouchers, gift }: { vouchers: Voucher[]; gift: GiftExplanation | null }) {
  const [now] = useState(() => Date.now());
  if (!vouchers.length) return null;
  return (
    <section className="dash-card dash-card--gifts owner-card" aria-labelledby="dash-gifts-title">
      <div className="dash-card__head">
        <h2 id="dash-gifts-title" className="dash-card__title">
          Your gifts
        </h2>
      </div>
      <p className="dash-card__lead">Thank you for bringing your things home. Here are your gift vouchers.</p>
      {gift && (
        <div className="gifts__about">
          <p>{gift.description}</p>
          <p>
            <strong>How to redeem:</strong> {gift.howToRedeem}
          </p>
          {gift.redeemUrl && (
            <p>
              <a href={gift.redeemUrl} target="_blank" rel="noopener noreferrer">
                Redeem a gift
              </a>
            </p>
          )}
        </div>
      )}
      <ul className="gifts">
        {vouchers.map((v) => (
          <li key={v.id} className={v.voidedAt ? 'gift gift--void' : 'gift'}>
            <span className="gift__code">{v.code}</span>
            <span className="gift__meta">
              {v.itemName ? `For ${v.itemName}, ` : ''}issued {formatDate(v.issuedAt)}
              {v.redeemedAt ? ` · redeemed ${formatDate(v.redeemedAt)}` : expiry(v, now)}
              {v.voidedAt ? ` · void since ${formatDate(v.voidedAt)}: this voucher cannot be used` : ''}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
