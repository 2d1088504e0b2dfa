import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { accountApi, errorText } from '../auth/accountRequests';
import { usePageTitle } from '../components/usePageTitle';
import './AuthPage.css';
import './account/account.css';

/**
 * /auth/undo-change?token=…: the link an account's old e-mail address or number gets after a
 * change of contact. Opening it changes nothing (mail scanners open links); the button puts the
 * old contact back and signs out every device; the holder then chooses a new password.
 */
export default function UndoChangePage() {
  usePageTitle('Undo a change to your account');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<
    { kind: 'ready' | 'busy' } | { kind: 'done'; message: string } | { kind: 'error'; message: string }
  >({ kind: 'ready' });

  const undo = async () => {
    setState({ kind: 'busy' });
    const result = await accountApi.undoContactChange(token);
    if (!result.success || !result.data)
      return setState({ kind: 'error', message: errorText(result, 'Could not undo the change') });
    setState({ kind: 'done', message: result.data.message });
  };

  return (
    <section className="auth-page container" aria-labelledby="undo-change-title">
      <div className="auth-page__intro">
        <h1 id="undo-change-title" className="auth-page__title">
          Undo a change to your account
        </h1>
      </div>
      <div className="auth-page__card account-form">
        {!token ? (
          <p className="form-message form-message--error" role="alert">
            This link is incomplete.
          </p>
        ) : state.kind === 'done' ? (
          <>
            <p className="form-message form-message--success" role="status">
              {state.message}
            </p>
            <Link className="button button--primary button--block" to="/auth/forgot">
              Choose a new password
            </Link>
          </>
        ) : (
          <>
            <p className="account-form__lead">
              If you did not change your contact details, undo it: this address comes back, every device is
              signed out, and you choose a new password.
            </p>
            {state.kind === 'error' && (
              <p className="form-message form-message--error" role="alert">
                {state.message}
              </p>
            )}
            <button
              type="button"
              className="button button--primary button--block"
              onClick={undo}
              disabled={state.kind === 'busy'}
              aria-busy={state.kind === 'busy'}
            >
              {state.kind === 'busy' ? 'Please wait...' : 'Undo the change'}
            </button>
          </>
        )}
        <p className="account-form__back">
          <Link to="/auth">Go to Login</Link>
        </p>
      </div>
    </section>
  );
}
