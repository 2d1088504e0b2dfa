import { NEW_PASSWORD_HINT } from '@homing/shared';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '../../auth/authContext';
import type { AuthMode } from '../../auth/authMode';
import type { AuthOutcome } from '../../auth/authRequests';
import { TextField } from '../../components/TextField';
import { useAppConfig } from '../../config/configContext';
import {
  EMPTY_VALUES,
  checkContact,
  checkPassword,
  prepareSubmission,
  showsSmsOptIn,
  type AuthFormErrors,
} from './authForm';
import { SmsOptIn } from './SmsOptIn';
import './AuthForm.css';
import { BusyButton } from '../../components/FormParts';

export interface AuthFormProps {
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  /** Called before the request is sent (the page holds its "already signed in" redirect). */
  onSubmitStart?: () => void;
  onSuccess: (outcome: Extract<AuthOutcome, { success: true }>) => void;
  /** Shows a Cancel button when given. */
  onCancel?: () => void;
}

/** Login and registration form in PRODUCT.md (Screens, Validation and Errors); reusable in the claim dialog. */
export function AuthForm({ mode, onModeChange, onSubmitStart, onSuccess, onCancel }: AuthFormProps) {
  const auth = useAuth();
  const { brandName } = useAppConfig().config;
  const [values, setValues] = useState(EMPTY_VALUES);
  const [errors, setErrors] = useState<AuthFormErrors>({});
  const [busy, setBusy] = useState(false);
  const [success, setSuccess] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const contactRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const register = mode === 'register';
  const title = register ? 'Create Account' : 'Login';

  const set = (key: keyof typeof values) => (value: string | boolean) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (key === 'contact' || key === 'password')
      setErrors((e) => ({ ...e, [key]: undefined, form: undefined }));
  };

  const onContactBlur = () => {
    const { error, display } = checkContact(values.contact);
    setErrors((e) => ({ ...e, contact: error }));
    if (display) setValues((v) => ({ ...v, contact: display }));
  };

  const onPasswordBlur = () => {
    if (register && values.password)
      setErrors((e) => ({ ...e, password: checkPassword(mode, values.password) }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const submission = prepareSubmission(mode, values);
    if (!submission.ok) {
      setErrors(submission.errors);
      if (submission.errors.contact) contactRef.current?.focus();
      else if (submission.errors.password) passwordRef.current?.focus();
      return;
    }
    setErrors({});
    setNotice(null);
    setBusy(true);
    onSubmitStart?.();
    try {
      const outcome =
        submission.kind === 'login'
          ? await auth.login(submission.identifier, submission.password)
          : await auth.register(submission.payload);
      if (outcome.success) {
        setSuccess(outcome.message);
        onSuccess(outcome);
        return;
      }
      if (outcome.notice) setNotice(outcome.error);
      else setErrors({ form: outcome.error, throttled: outcome.throttled });
    } catch (err) {
      console.error(err);
      setErrors({ form: 'An unexpected error occurred' });
    }
    setBusy(false);
  };

  const switchMode = () => {
    setErrors({});
    onModeChange(register ? 'login' : 'register');
  };

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-labelledby="auth-form-title">
      <h2 id="auth-form-title" className="auth-form__title">
        {title}
      </h2>
      {register && (
        <div className="auth-form__names">
          <TextField
            label="First name"
            labelNote="(optional)"
            autoComplete="given-name"
            value={values.firstName}
            onChange={(e) => set('firstName')(e.target.value)}
          />
          <TextField
            label="Last name"
            labelNote="(optional)"
            autoComplete="family-name"
            value={values.lastName}
            onChange={(e) => set('lastName')(e.target.value)}
          />
        </div>
      )}
      <TextField
        ref={contactRef}
        label="Email or phone number"
        type="text"
        inputMode="email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        hint={
          register
            ? "An email address, or a phone number: a US one, or another country's with its + and code."
            : undefined
        }
        value={values.contact}
        error={errors.contact}
        onChange={(e) => set('contact')(e.target.value)}
        onBlur={onContactBlur}
      />
      <TextField
        ref={passwordRef}
        label="Password"
        type="password"
        autoComplete={register ? 'new-password' : 'current-password'}
        hint={register ? NEW_PASSWORD_HINT : undefined}
        value={values.password}
        error={errors.password}
        onChange={(e) => set('password')(e.target.value)}
        onBlur={onPasswordBlur}
      />
      {!register && (
        <p className="auth-form__forgot">
          <Link to="/auth/forgot">Forgot password?</Link>
        </p>
      )}
      {register && showsSmsOptIn(values.contact) && (
        <SmsOptIn checked={values.smsOptIn} onChange={set('smsOptIn')} brandName={brandName} />
      )}
      {errors.form && (
        <p className="form-message form-message--error" role="alert">
          {errors.form}
          {errors.throttled && (
            <>
              {' '}
              Or reset your password now and sign in at once: <Link to="/auth/forgot">Forgot password?</Link>
            </>
          )}
        </p>
      )}
      {notice && (
        <p className="form-message form-message--success" role="status">
          {notice}
        </p>
      )}
      {success && (
        <p className="form-message form-message--success" role="status">
          {success}
        </p>
      )}
      <div className="auth-form__actions">
        <BusyButton busy={busy}>{title}</BusyButton>
        {onCancel && (
          <button
            type="button"
            className="button button--ghost button--block"
            onClick={onCancel}
            disabled={busy}
          >
            Cancel
          </button>
        )}
      </div>
      <p className="auth-form__switch">
        {register ? 'Already have an account?' : "Don't have an account?"}{' '}
        <button type="button" className="link-button" onClick={switchMode} disabled={busy}>
          {register ? 'Login here' : 'Create one'}
        </button>
      </p>
    </form>
  );
}
