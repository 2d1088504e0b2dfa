import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { NEW_PASSWORD_HINT, newPasswordProblem, parseContact } from '@homing/shared';
import { accountApi, adoptSession, errorText } from '../auth/accountRequests';
import { TextField } from '../components/TextField';
import { usePageTitle } from '../components/usePageTitle';
import { CodeField, checkCode } from './account/CodeField';
import './AuthPage.css';
import './account/account.css';
import { BusyButton, FormError } from '../components/FormParts';

type Step =
  { kind: 'ask' } | { kind: 'sent'; channel: 'email' | 'sms'; message: string; phoneNumber: string };

/**
 * /auth/forgot: asks for the account's e-mail address or phone number. An address gets a link
 * (followed to /auth/reset); a confirmed number gets a code, entered here with the new password.
 * The answer is the same whether or not an account matches.
 */
export default function ForgotPasswordPage() {
  usePageTitle('Reset your password');
  const navigate = useNavigate();
  const [identifier, setIdentifier] = useState('');
  const [step, setStep] = useState<Step>({ kind: 'ask' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ code?: string | null; password?: string | null }>({});
  const firstRef = useRef<HTMLInputElement>(null);
  useEffect(() => firstRef.current?.focus(), [step.kind]);

  const ask = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const contact = parseContact(identifier);
    if (contact.kind === 'invalid') return setError(contact.message);
    setBusy(true);
    setError(null);
    const result = await accountApi.requestReset(identifier.trim());
    setBusy(false);
    if (!result.success || !result.data) return setError(errorText(result, 'Could not send the message'));
    setStep({
      kind: 'sent',
      channel: result.data.channel,
      message: result.data.message,
      phoneNumber: contact.kind === 'phone' ? contact.phoneNumber : '',
    });
  };

  const reset = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || step.kind !== 'sent') return;
    const errors = {
      code: checkCode(code),
      password: newPasswordProblem(password),
    };
    setFieldErrors(errors);
    if (errors.code || errors.password) return;
    setBusy(true);
    setError(null);
    const result = await accountApi.confirmReset({ phoneNumber: step.phoneNumber, code, password });
    setBusy(false);
    if (!result.success || !result.data) return setError(errorText(result, 'Could not reset the password'));
    adoptSession(result.data.user, result.data.sessionToken);
    navigate('/dashboard', { replace: true });
  };

  return (
    <section className="auth-page container" aria-labelledby="forgot-title">
      <div className="auth-page__intro">
        <h1 id="forgot-title" className="auth-page__title">
          Forgot your password?
        </h1>
        <p className="auth-page__lead">We will send you a way to choose a new one.</p>
      </div>
      <div className="auth-page__card">
        {step.kind === 'ask' ? (
          <form className="account-form" onSubmit={ask} noValidate aria-label="Ask for a password reset">
            <TextField
              ref={firstRef}
              label="Email or phone number"
              type="text"
              inputMode="email"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={identifier}
              onChange={(e) => {
                setIdentifier(e.target.value);
                setError(null);
              }}
            />
            <FormError>{error}</FormError>
            <div className="account-form__actions">
              <BusyButton busy={busy}>Send reset instructions</BusyButton>
            </div>
          </form>
        ) : (
          <div className="account-form">
            <p className="form-message form-message--success" role="status">
              {step.message}
            </p>
            {step.channel === 'sms' && (
              <form className="account-form" onSubmit={reset} noValidate aria-label="Reset with a code">
                <CodeField
                  ref={firstRef}
                  value={code}
                  onChange={(v) => setCode(v)}
                  error={fieldErrors.code}
                />
                <TextField
                  label="New password"
                  type="password"
                  autoComplete="new-password"
                  hint={NEW_PASSWORD_HINT}
                  value={password}
                  error={fieldErrors.password}
                  onChange={(e) => setPassword(e.target.value)}
                />
                <FormError>{error}</FormError>
                <BusyButton busy={busy}>Set new password</BusyButton>
              </form>
            )}
            <button
              type="button"
              className="link-button"
              onClick={() => {
                setStep({ kind: 'ask' });
                setCode('');
                setError(null);
              }}
            >
              Use another address or number
            </button>
          </div>
        )}
        <p className="account-form__back">
          <Link to="/auth">Back to Login</Link>
        </p>
      </div>
    </section>
  );
}
