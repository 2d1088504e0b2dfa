import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { NEW_PASSWORD_HINT, newPasswordProblem } from '@homing/shared';
import { accountApi, adoptSession, errorText } from '../auth/accountRequests';
import { TextField } from '../components/TextField';
import { usePageTitle } from '../components/usePageTitle';
import './AuthPage.css';
import './account/account.css';
import { BusyButton, FormError } from '../components/FormParts';

/**
 * /auth/reset?token=…: the e-mailed link. Nothing happens on opening it (a mail scanner's visit
 * uses nothing up); the new password is sent with the token, which then works no more. Every
 * other session of the account is signed out and this browser is signed in.
 */
export default function ResetPasswordPage() {
  usePageTitle('Choose a new password');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{
    password?: string | null;
    repeat?: string | null;
    form?: string | null;
  }>({});
  const [busy, setBusy] = useState(false);
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => ref.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const next = {
      password: newPasswordProblem(password),
      repeat: repeat !== password ? 'The passwords do not match' : null,
    };
    setErrors(next);
    if (next.password || next.repeat) return;
    setBusy(true);
    const result = await accountApi.confirmReset({ token, password });
    setBusy(false);
    if (!result.success || !result.data)
      return setErrors({ form: errorText(result, 'Could not reset the password') });
    adoptSession(result.data.user, result.data.sessionToken);
    navigate('/dashboard', { replace: true });
  };

  return (
    <section className="auth-page container" aria-labelledby="reset-title">
      <div className="auth-page__intro">
        <h1 id="reset-title" className="auth-page__title">
          Choose a new password
        </h1>
        <p className="auth-page__lead">Every other device signed in to your account will be signed out.</p>
      </div>
      <div className="auth-page__card">
        {token ? (
          <form className="account-form" onSubmit={submit} noValidate aria-labelledby="reset-title">
            <TextField
              ref={ref}
              label="New password"
              type="password"
              autoComplete="new-password"
              hint={NEW_PASSWORD_HINT}
              value={password}
              error={errors.password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <TextField
              label="Repeat the new password"
              type="password"
              autoComplete="new-password"
              value={repeat}
              error={errors.repeat}
              onChange={(e) => setRepeat(e.target.value)}
            />
            <FormError>
              {errors.form && (
                <>
                  {errors.form} <Link to="/auth/forgot">Ask for a new link</Link>
                </>
              )}
            </FormError>
            <BusyButton busy={busy}>Set new password</BusyButton>
          </form>
        ) : (
          <p className="form-message form-message--error" role="alert">
            This link is incomplete. <Link to="/auth/forgot">Ask for a new link</Link>
          </p>
        )}
        <p className="account-form__back">
          <Link to="/auth">Back to Login</Link>
        </p>
      </div>
    </section>
  );
}
