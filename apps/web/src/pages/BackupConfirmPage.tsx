import { useState } from 'react';
import { errorText } from '../auth/accountRequests';
import { usePageTitle } from '../components/usePageTitle';
import { settingsApi } from '../owner/settings/settingsApi';
import './AuthPage.css';
import './account/account.css';

/**
 * /backup/confirm?token=…: the link sent to a would-be backup contact (who usually has no account).
 * Opening it changes nothing (mail scanners open links); the button does.
 */
export default function BackupConfirmPage() {
  usePageTitle('Become a backup contact');
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  const [state, setState] = useState<
    { kind: 'ready' | 'busy' } | { kind: 'done'; message: string } | { kind: 'error'; message: string }
  >({ kind: 'ready' });

  const confirm = async () => {
    setState({ kind: 'busy' });
    const result = await settingsApi.confirmBackupContact(token);
    if (!result.success || !result.data)
      return setState({ kind: 'error', message: errorText(result, 'Could not confirm. Please try again.') });
    setState({ kind: 'done', message: result.data.message });
  };

  return (
    <section className="auth-page container" aria-labelledby="backup-confirm-title">
      <div className="auth-page__intro">
        <h1 id="backup-confirm-title" className="auth-page__title">
          Become a backup contact
        </h1>
        <p>
          You will be told only if the person who asked you does not answer when someone finds one of their
          belongings.
        </p>
      </div>
      <div className="auth-page__card account-form">
        {!token ? (
          <p className="form-message form-message--error" role="alert">
            This link is incomplete.
          </p>
        ) : state.kind === 'done' ? (
          <p className="form-message form-message--success" role="status">
            {state.message}
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
              onClick={() => void confirm()}
              disabled={state.kind === 'busy'}
              aria-busy={state.kind === 'busy'}
            >
              {state.kind === 'busy' ? 'Please wait...' : 'Yes, I agree'}
            </button>
          </>
        )}
      </div>
    </section>
  );
}
