import { useCallback, useEffect, useState } from 'react';
import { ErrorState, LoadingState } from '../../components/StateViews';
import { useAdminServices } from '../AdminServices';
import { errorText, type AdminVoucher } from '../adminApi';
import { formatDate } from '../dates';
import { GiftSettingsForm } from './GiftSettingsForm';
import '../admin.css';
import './vouchers.css';

const LOAD_FAILED = 'Failed to load gift vouchers';
const VOID_FAILED = 'Failed to void the voucher. Please try again.';

const status = (v: AdminVoucher, now: number) =>
  v.voidedAt ? 'Void' : v.redeemedAt ? 'Redeemed' : Date.parse(v.expiresAt) < now ? 'Expired' : 'Valid';

/**
 * Every gift voucher issued (newest first) with its owner, and "Void" for one that was farmed:
 * a voided voucher stays listed, here and to its owner, as void.
 */
export function GiftVouchersScreen() {
  const { admin } = useAdminServices();
  const [vouchers, setVouchers] = useState<AdminVoucher[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ text: string; failed: boolean } | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [now] = useState(() => Date.now());

  const load = useCallback(
    () =>
      admin.vouchers().then((result) => {
        if (result.success) setVouchers(result.data.vouchers);
        else setError(errorText(result, LOAD_FAILED));
      }),
    [admin],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const voidVoucher = async (voucher: AdminVoucher) => {
    setBusyId(voucher.id);
    setNotice(null);
    const result = await admin.voidVoucher(voucher.id);
    setBusyId(null);
    if (!result.success) return setNotice({ text: errorText(result, VOID_FAILED), failed: true });
    const voided = result.data.voucher;
    setVouchers((list) => list?.map((v) => (v.id === voided.id ? voided : v)) ?? list);
    setNotice({ text: `Voucher ${voided.code} is void.`, failed: false });
  };

  return (
    <div className="gift-vouchers">
      <div className="admin-head">
        <h1 id="page-title" className="page__title">
          Gift Vouchers
        </h1>
      </div>
      <GiftSettingsForm />
      <h2 className="gift-vouchers__subtitle">Vouchers issued</h2>
      {notice && (
        <p
          className={`form-message ${notice.failed ? 'form-message--error' : 'form-message--success'}`}
          role={notice.failed ? 'alert' : 'status'}
        >
          {notice.text}
        </p>
      )}
      {error ? (
        <ErrorState
          message={error}
          onRetry={() => {
            setError(null);
            void load();
          }}
        />
      ) : !vouchers ? (
        <LoadingState label="Loading gift vouchers..." />
      ) : !vouchers.length ? (
        <p className="gift-vouchers__empty">No gift vouchers have been issued yet.</p>
      ) : (
        <div className="gift-vouchers__scroll">
          <table className="gift-vouchers__table">
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Item</th>
                <th scope="col">Owner</th>
                <th scope="col">Issued</th>
                <th scope="col">Expires</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {vouchers.map((v) => (
                <tr key={v.id} className={v.voidedAt ? 'gift-vouchers__row--void' : undefined}>
                  <td className="gift-vouchers__code">{v.code}</td>
                  <td>{v.itemName ?? '—'}</td>
                  <td>{v.owner.email ?? v.owner.phoneNumber ?? v.owner.name ?? '—'}</td>
                  <td>{formatDate(v.issuedAt)}</td>
                  <td>{formatDate(v.expiresAt)}</td>
                  <td>
                    <span className={`badge${v.voidedAt ? ' badge--void' : ''}`}>{status(v, now)}</span>
                  </td>
                  <td>
                    {!v.voidedAt && (
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        aria-label={`Void voucher ${v.code}`}
                        disabled={busyId === v.id}
                        onClick={() => void voidVoucher(v)}
                      >
                        Void
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
