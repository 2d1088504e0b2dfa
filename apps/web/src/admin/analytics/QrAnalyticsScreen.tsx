import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { ADMIN_MESSAGES, type QrAnalytics } from '@homing/shared';
import { ErrorState, LoadingState } from '../../components/StateViews';
import { useAdminServices } from '../AdminServices';
import { errorText } from '../adminApi';
import '../admin.css';
import './analytics.css';

const COUNTERS: { key: keyof QrAnalytics; label: string; hint: string }[] = [
  { key: 'totalCount', label: 'Total', hint: 'Every code created' },
  { key: 'printedCount', label: 'Printed', hint: 'In a printed set' },
  { key: 'claimedCount', label: 'Claimed', hint: 'Owned by someone' },
  { key: 'assignedCount', label: 'Assigned', hint: 'Attached to an item' },
  { key: 'unclaimedCount', label: 'Unclaimed', hint: 'Nobody owns it yet' },
];

/** QR analytics: five counters and the way to print more codes. */
export function QrAnalyticsScreen() {
  const { admin } = useAdminServices();
  const [state, setState] = useState<{ data: QrAnalytics | null; error: string | null }>({
    data: null,
    error: null,
  });

  const fetchAnalytics = useCallback(
    () =>
      admin
        .analytics()
        .then((result) =>
          setState(
            result.success
              ? { data: result.data, error: null }
              : { data: null, error: errorText(result, ADMIN_MESSAGES.loadAnalyticsFailed) },
          ),
        ),
    [admin],
  );

  useEffect(() => {
    void fetchAnalytics();
  }, [fetchAnalytics]);

  const retry = () => {
    setState({ data: null, error: null });
    void fetchAnalytics();
  };

  return (
    <div className="qr-analytics">
      <div className="admin-head">
        <h1 id="page-title" className="page__title">
          Manage QR Codes
        </h1>
        <Link to="/admin/qr-codes/create" className="button button--primary">
          Print QR Codes
        </Link>
      </div>
      {state.error ? (
        <ErrorState message={state.error} onRetry={retry} />
      ) : !state.data ? (
        <LoadingState label="Loading QR code analytics..." />
      ) : (
        <dl className="qr-analytics__counters">
          {COUNTERS.map(({ key, label, hint }) => (
            <div key={key} className={`qr-counter qr-counter--${key}`}>
              <dt className="qr-counter__label">{label}</dt>
              <dd className="qr-counter__value">{state.data![key].toLocaleString()}</dd>
              <dd className="qr-counter__hint">{hint}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
