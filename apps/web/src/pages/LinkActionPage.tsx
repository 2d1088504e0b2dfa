import { useState, type ReactNode } from 'react';
import type { ApiResult } from '../api/client';
import { errorText } from '../auth/accountRequests';
import { usePageTitle } from '../components/usePageTitle';
import './AuthPage.css';
import './account/account.css';
import { BusyButton, FormError } from '../components/FormParts';

interface LinkActionPageProps<T> {
  title: string;
  /** Under the title, whatever the state. */
  intro?: ReactNode;
  /** Above the button, until it has worked. */
  lead?: ReactNode;
  token: string;
  action: string;
  /** The error shown when the server gives none. */
  failure: string;
  run(token: string): Promise<ApiResult<T>>;
  done(data: T): ReactNode;
  back?: ReactNode;
}

/**
 * A page a link in an e-mail or text opens (`?token=…`): opening it changes nothing (mail scanners
 * open links); its one button sends the token, then the page shows what happened.
 */
export function LinkActionPage<T>({
  title,
  intro,
  lead,
  token,
  action,
  failure,
  run,
  done,
  back,
}: LinkActionPageProps<T>) {
  usePageTitle(title);
  const [state, setState] = useState<
    { kind: 'ready' | 'busy' } | { kind: 'done'; data: T } | { kind: 'error'; message: string }
  >({ kind: 'ready' });

  const send = async () => {
    setState({ kind: 'busy' });
    const result = await run(token);
    if (!result.success || !result.data)
      return setState({ kind: 'error', message: errorText(result, failure) });
    setState({ kind: 'done', data: result.data });
  };

  return (
    <section className="auth-page container" aria-labelledby="link-action-title">
      <div className="auth-page__intro">
        <h1 id="link-action-title" className="auth-page__title">
          {title}
        </h1>
        {intro}
      </div>
      <div className="auth-page__card account-form">
        {!token ? (
          <p className="form-message form-message--error" role="alert">
            This link is incomplete.
          </p>
        ) : state.kind === 'done' ? (
          done(state.data)
        ) : (
          <>
            {lead}
            <FormError>{state.kind === 'error' && state.message}</FormError>
            <BusyButton busy={state.kind === 'busy'} onClick={() => void send()}>
              {action}
            </BusyButton>
          </>
        )}
        {back && <p className="account-form__back">{back}</p>}
      </div>
    </section>
  );
}
