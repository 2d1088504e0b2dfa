import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../../auth/authContext';
import { Dialog } from '../../components/Dialog';
import { DialogActions } from '../../components/DialogActions';
import { TextField } from '../../components/TextField';
import { FailureNotice } from '../Notice';
import { downloadExport, settingsApi } from './settingsApi';

/** What deleting an account does to the owner's labels; the same words are in the README. */
export const LABELS_AFTER_DELETION =
  'Your labels are released: they no longer lead to you, and anyone who scans one later may claim it as a new, empty label.';

/** Export everything as JSON; delete the account (password and a confirmation). */
export function DataSection() {
  const { sessionToken, logout } = useAuth();
  const navigate = useNavigate();
  const [exporting, setExporting] = useState(false);
  const [exportFailed, setExportFailed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const exportData = async () => {
    if (!sessionToken) return;
    setExporting(true);
    setExportFailed(false);
    const ok = await downloadExport(sessionToken).catch(() => false);
    setExporting(false);
    setExportFailed(!ok);
  };

  const closeDialog = () => {
    if (deleting) return;
    setConfirming(false);
    setPassword('');
    setDeleteError(null);
  };

  const deleteAccount = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!password) return setDeleteError('Please enter your password to confirm.');
    setDeleting(true);
    setDeleteError(null);
    const result = await settingsApi.deleteAccount(password);
    setDeleting(false);
    if (!result.success) {
      setDeleteError(result.error || 'Could not delete your account. Please try again.');
      passwordRef.current?.focus();
      return;
    }
    // Signed out as by Log out: the guard sends the visitor home, not to the sign-in page.
    navigate('/', { replace: true, state: { notice: result.data.message } });
    void logout({ alreadyEnded: true });
  };

  return (
    <section className="settings-card" aria-labelledby="settings-data">
      <h2 id="settings-data" className="settings-card__title">
        Your data
      </h2>
      <div className="settings-data-row">
        <div>
          <h3 className="settings-card__subtitle">Export my data</h3>
          <p className="settings-card__lead">
            One JSON file with your account, items, labels, finder reports, scans, vouchers and sessions.
          </p>
        </div>
        <button
          type="button"
          className="button button--secondary"
          disabled={exporting}
          onClick={() => void exportData()}
        >
          {exporting ? 'Preparing...' : 'Download my data'}
        </button>
      </div>
      <FailureNotice
        failure={
          exportFailed ? { message: 'Could not export your data. Please try again.', detail: null } : null
        }
      />

      <div className="settings-data-row settings-data-row--danger">
        <div>
          <h3 className="settings-card__subtitle">Delete my account</h3>
          <p className="settings-card__lead">
            Deletes your account, items, photos, finder reports, scans, vouchers and sessions for good.{' '}
            {LABELS_AFTER_DELETION}
          </p>
        </div>
        <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
          Delete my account
        </button>
      </div>

      <Dialog
        open={confirming}
        onClose={closeDialog}
        title="Delete your account?"
        description="This cannot be undone. Download your data first if you want to keep a copy."
        role="alertdialog"
        initialFocusRef={passwordRef}
        footer={
          <DialogActions
            onCancel={closeDialog}
            onConfirm={() => void deleteAccount()}
            confirmLabel="Delete my account"
            busyLabel="Deleting..."
            busy={deleting}
            tone="danger"
          />
        }
      >
        <form onSubmit={(e) => void deleteAccount(e)} noValidate>
          <p className="settings-dialog__text">{LABELS_AFTER_DELETION}</p>
          <TextField
            ref={passwordRef}
            label="Your password"
            type="password"
            autoComplete="current-password"
            value={password}
            error={deleteError}
            onChange={(e) => setPassword(e.target.value)}
          />
        </form>
      </Dialog>
    </section>
  );
}
