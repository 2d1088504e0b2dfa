import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../../auth/authContext';
import type { AuthMode } from '../../auth/authMode';
import { Dialog } from '../../components/Dialog';
import { AuthForm } from '../../pages/auth/AuthForm';
import { ownerApi } from '../ownerApi';
import { claimAllLabel, claimSetQuestion, claimSuccessMessage } from './claimText';

export interface ClaimDialogProps {
  open: boolean;
  onClose: () => void;
  qrCode: string;
  setId: string | null;
  setCount: number;
}

/**
 * The claim dialog (PRODUCT.md, Screens and States): waits for sign-in (Create Account or Sign In), then
 * for confirmation (one code, or the whole set), claims, and goes to /items with a state message.
 * A failed claim is only logged.
 */
export function ClaimDialog({ open, onClose, qrCode, setId, setCount }: ClaimDialogProps) {
  const { isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const [mode, setMode] = useState<AuthMode>('register');
  const [busy, setBusy] = useState<'one' | 'all' | null>(null);
  const isSet = setCount > 1;

  const claim = async (claimAll: boolean) => {
    if (busy) return;
    setBusy(claimAll ? 'all' : 'one');
    try {
      const result = await ownerApi.claim({ qrCode, setId, claimAll });
      if (result.success && result.data) {
        const message = claimSuccessMessage(result.data.message, result.data.claimedCount);
        return navigate('/items', { state: { message } });
      }
      console.error('Failed to claim QR code', result.status, result.error);
    } catch (err) {
      console.error('Failed to claim QR code', err);
    }
    setBusy(null);
  };

  const close = () => {
    if (!busy) onClose();
  };

  if (!isAuthenticated)
    return (
      <Dialog
        key="sign-in"
        open={open}
        onClose={close}
        title={mode === 'register' ? 'Create Account' : 'Sign In'}
        description={
          mode === 'register'
            ? 'Create a free account to claim this QR code. It only takes a moment.'
            : 'Sign in to claim this QR code.'
        }
        size="small"
        className="claim-dialog"
      >
        <AuthForm mode={mode} onModeChange={setMode} onSuccess={() => undefined} onCancel={close} />
      </Dialog>
    );

  return (
    <Dialog
      key="confirm"
      open={open}
      onClose={close}
      role="alertdialog"
      title={isSet ? 'Claim QR Code Set' : 'Claim QR Code'}
      description={isSet ? claimSetQuestion(setCount) : 'You are claiming a single QR code.'}
      className="claim-dialog"
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={close} disabled={busy !== null}>
            Cancel
          </button>
          {isSet ? (
            <>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => void claim(false)}
                disabled={busy !== null}
                aria-busy={busy === 'one' || undefined}
              >
                {busy === 'one' ? 'Claiming...' : 'Claim 1 QR Code'}
              </button>
              <button
                type="button"
                className="button button--primary"
                onClick={() => void claim(true)}
                disabled={busy !== null}
                aria-busy={busy === 'all' || undefined}
              >
                {busy === 'all' ? 'Claiming...' : claimAllLabel(setCount)}
              </button>
            </>
          ) : (
            <button
              type="button"
              className="button button--primary"
              onClick={() => void claim(false)}
              disabled={busy !== null}
              aria-busy={busy === 'one' || undefined}
            >
              {busy === 'one' ? 'Claiming...' : 'Claim'}
            </button>
          )}
        </>
      }
    />
  );
}
