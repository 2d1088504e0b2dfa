import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useAuth } from '../auth/authContext';
import { accountApi, errorText } from '../auth/accountRequests';
import { usePageTitle } from '../components/usePageTitle';
import './AuthPage.css';
import './account/account.css';

/**
 * /auth/confirm-email?token=…: the link sent to a new e-mail address. Opening it changes nothing
 * (mail scanners open links); the button does. It works signed out too: the token is the proof.
 */
export default function ConfirmEmailPage() {
  usePageTitle('Confirm your e-mail address');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { isAuthenticated, refresh } = useAuth();
  const [state, setState] = useState<
    { kind: 'ready' | 'busy' } | { kind: 'done'; email: string } | { kind: 'error'; message: string }
  >({ kind: 'ready' });

  const confirm = async () => {
    setState({ kind: 'busy' });
    const result = await accountApi.confirmEmail(token);
    if (!result.success || !result.data)
      return setState({ kind: 'error', message: errorText(result, 'Could not confirm the address') });
    setState({ kind: 'done', email: result.data.user.email ?? '' });
    if (isAuthenticated) void refresh();
  };

  return (
    <section className="auth-page container" aria-labelledby="confirm-email-title">
      <div className="auth-page__intro">
        <h1 id="confirm-email-title" className="auth-page__title">
          Confirm your e-mail address
        </h1>
      </div>
      <div className="auth-page__card account-form">
        {!token ? (
          <p className="form-message form-message--error" role="alert">
            This link is incomplete.
          </p>
        ) : state.kind === 'done' ? (
          <p className="form-message form-message--success" role="status">
            {state.email} is confirmed and now used for your account.
          </p>
        ) : (
          <>
            {state.kind === 'error' && (
              <p className="form-message form-message--error" role="alert">
                {state.message}
              </p>
            )}
            <button
              type="button"
              className="button button--primary button--block"
              onClick={confirm}
              disabled={state.kind === 'busy'}
              aria-busy={state.kind === 'busy'}
            >
              {state.kind === 'busy' ? 'Please wait...' : 'Confirm this address'}
            </button>
          </>
        )}
        <p className="account-form__back">
          {isAuthenticated ? (
            <Link to="/settings/contacts">Your contact details</Link>
          ) : (
            <Link to="/auth">Go to Login</Link>
          )}
        </p>
      </div>
    </section>
  );
}
