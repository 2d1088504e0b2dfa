import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useAuth } from '../../auth/authContext';
import { LoadingState } from '../../components/StateViews';
import { ownerApi } from '../ownerApi';
import { ClaimDialog } from './ClaimDialog';
import { ClaimLanding } from './ClaimLanding';
import { scanView, type ScanView } from './scanOutcome';
import { FinderReportForm } from './FinderReportForm';
import '../owner.css';
import './ScanResultView.css';

/** Long enough to read the success message before the items page opens. */
export const ASSIGNED_REDIRECT_MS = 1500;

type Tone = 'success' | 'error' | 'info' | 'warning';
const ICONS: Record<Tone, string> = { success: '✓', error: '!', info: 'i', warning: '!' };

function ResultCard({
  tone,
  title,
  children,
  action,
}: {
  tone: Tone;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className={`scan-card scan-card--${tone} owner-card`}>
      <span className={`scan-card__icon scan-card__icon--${tone}`} aria-hidden="true">
        {ICONS[tone]}
      </span>
      <h1 className="scan-card__title">{title}</h1>
      {children}
      {action && <div className="scan-card__actions">{action}</div>}
    </div>
  );
}

const MyItems = () => (
  <Link to="/items" className="button button--primary">
    My Items
  </Link>
);
const GoHome = () => (
  <Link to="/" className="button button--primary">
    Go Home
  </Link>
);

/** /qr/{qrCode}: refreshes the session, asks the server what this scan means, shows it. */
export function ScanResultView({ qrCode }: { qrCode: string }) {
  const { refresh } = useAuth();
  const navigate = useNavigate();
  const [view, setView] = useState<{ code: string; view: ScanView } | null>(null);
  const [claimOpen, setClaimOpen] = useState(false);
  // `?claim`: the label's light page asked for the claim ("Click to claim this code!"), so its
  // dialog opens as soon as the scan says the code is claimable.
  const autoClaim = useRef(new URLSearchParams(window.location.search).has('claim'));
  const refreshRef = useRef(refresh);
  useEffect(() => {
    refreshRef.current = refresh;
  });

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      // The client refreshes its authentication first (PRODUCT.md, Calls): the scan may be the owner's.
      await refreshRef.current().catch(() => false);
      const result = await ownerApi.scan(qrCode);
      if (!cancelled) setView({ code: qrCode, view: scanView(result) });
    })();
    return () => {
      cancelled = true;
    };
  }, [qrCode]);

  const current = view?.code === qrCode ? view.view : null;

  // The scan's GET only says an assignment waits (it changes nothing); this page then completes
  // it with its own POST, once, and shows the outcome like any other: assignment_completed is the
  // success message, then the item's edit dialog (PRODUCT.md, Label states).
  const completing = useRef<string | null>(null);
  useEffect(() => {
    if (current?.kind !== 'assignment_pending' || completing.current === qrCode) return;
    completing.current = qrCode;
    void ownerApi
      .completeAssignment(current.itemId, qrCode)
      .then((result) => setView({ code: qrCode, view: scanView(result) }));
  }, [current, qrCode]);

  useEffect(() => {
    if (current?.kind !== 'unclaimed_code' || !autoClaim.current) return;
    autoClaim.current = false;
    setClaimOpen(true);
  }, [current]);

  useEffect(() => {
    if (current?.kind === 'found_item') navigate(`/found/${encodeURIComponent(qrCode)}`, { replace: true });
    if (current?.kind !== 'assignment_completed') return;
    const to = current.itemId ? `/items?edit=${encodeURIComponent(current.itemId)}` : '/items';
    const timer = setTimeout(() => navigate(to, { replace: true }), ASSIGNED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [current, navigate, qrCode]);

  if (!current || current.kind === 'found_item') return <LoadingState label="Checking QR code..." />;
  if (current.kind === 'assignment_pending')
    return <LoadingState label={`Putting this label on ${current.itemName}...`} />;

  switch (current.kind) {
    case 'error':
      return (
        <ResultCard tone="error" title="QR Code" action={<GoHome />}>
          <p className="scan-card__text scan-card__text--error" role="alert">
            {current.message}
          </p>
        </ResultCard>
      );
    case 'assignment_completed':
      return (
        <ResultCard tone="success" title="QR Code Assigned">
          <p className="scan-card__text" role="status">
            {current.message}
          </p>
          <p className="scan-card__hint">Taking you to your item...</p>
        </ResultCard>
      );
    case 'assignment_failed':
      return (
        <ResultCard tone="error" title="Assignment Failed" action={<MyItems />}>
          <p className="scan-card__text scan-card__text--error" role="alert">
            {current.error}
          </p>
        </ResultCard>
      );
    case 'inactive_item':
      return (
        <ResultCard tone="warning" title="Item Not Active" action={<GoHome />}>
          <p className="scan-card__text">{current.message}</p>
          <p className="scan-card__hint">
            If you found it, please hand it in at a lost-and-found desk nearby (a shop, a station or the
            police).
          </p>
        </ResultCard>
      );
    case 'own_unassigned_code':
      return (
        <ResultCard tone="info" title="Your QR Code" action={<MyItems />}>
          <p className="scan-card__text">{current.message}</p>
          <p className="scan-card__hint">
            To put it on an item, open My Items, choose Assign QR Code on the item, then scan this label
            again.
          </p>
        </ResultCard>
      );
    case 'other_unassigned_code':
      return (
        <ResultCard tone="info" title="Unassigned QR Code" action={<GoHome />}>
          <p className="scan-card__text">{current.message}</p>
          <FinderReportForm qrCode={qrCode} />
        </ResultCard>
      );
    case 'inactive_code':
      return (
        <ResultCard tone="warning" title="Label Not Active Yet" action={<GoHome />}>
          <p className="scan-card__text">{current.message}</p>
          <p className="scan-card__hint">
            This label has not been released for use yet. Please try again later.
          </p>
        </ResultCard>
      );
    case 'unclaimed_code':
      return (
        <>
          <ClaimLanding
            setId={current.setId}
            setCount={current.setCount}
            onClaim={() => setClaimOpen(true)}
          />
          <ClaimDialog
            open={claimOpen}
            onClose={() => setClaimOpen(false)}
            qrCode={qrCode}
            setId={current.setId}
            setCount={current.setCount}
          />
        </>
      );
    case 'unknown':
      return (
        <ResultCard tone="warning" title="Unknown Result" action={<GoHome />}>
          <p className="scan-card__text">
            Result type: <code>{current.type}</code>
          </p>
        </ResultCard>
      );
  }
}
