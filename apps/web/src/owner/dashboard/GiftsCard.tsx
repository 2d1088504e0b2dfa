import { formatDate } from '../format';
import type { Voucher } from '../ownerApi';

/** "Your gifts": the vouchers earned by marking items recovered (DESIGN.md, the free gift). */
export function GiftsCard({ vouchers }: { vouchers: Voucher[] }) {
  if (!vouchers.length) return null;
  return (
    <section className="dash-card dash-card--gifts owner-card" aria-labelledby="dash-gifts-title">
      <div className="dash-card__head">
        <h2 id="dash-gifts-title" className="dash-card__title">
          Your gifts
        </h2>
      </div>
      <p className="dash-card__lead">Thank you for bringing your things home. Here are your gift vouchers.</p>
      <ul className="gifts">
        {vouchers.map((v) => (
          <li key={v.id} className={v.voidedAt ? 'gift gift--void' : 'gift'}>
            <span className="gift__code">{v.code}</span>
            <span className="gift__meta">
              {v.itemName ? `For ${v.itemName}, ` : ''}issued {formatDate(v.issuedAt)}
              {v.redeemedAt ? ` · redeemed ${formatDate(v.redeemedAt)}` : ''}
              {v.voidedAt ? ` · void since ${formatDate(v.voidedAt)}: this voucher cannot be used` : ''}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
