import { newPasswordProblem, PASSWORD_MIN_LENGTH } from '@homing/shared';
import { useState, type FormEvent } from 'react';
import { TextField } from '../../components/TextField';
import { describeFailure, type Failure } from '../failure';
import { FailureNotice, SuccessNotice } from '../Notice';
import { settingsApi } from './settingsApi';

/** Change the password: the current one is required; other sessions are signed out on success. */
export function PasswordSection({ onChanged }: { onChanged: () => void }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [nextError, setNextError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setDone(null);
    const problem = newPasswordProblem(next);
    setNextError(problem);
    if (problem) return;
    setBusy(true);
    const result = await settingsApi.changePassword({ currentPassword: current, newPassword: next });
    setBusy(false);
    if (!result.success) {
      const reason = result.status === 403 || result.status === 429 ? result.error : null;
      return setFailure(
        reason
          ? { message: reason, detail: null }
          : describeFailure(result, 'Could not change your password.'),
      );
    }
    setCurrent('');
    setNext('');
    setDone(result.data.message);
    onChanged();
  };

  return (
    <section className="settings-card" aria-labelledby="settings-password">
      <h2 id="settings-password" className="settings-card__title">
        Password
      </h2>
      <form className="settings-form" onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={current}
          required
          onChange={(e) => setCurrent(e.target.value)}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters. Your other sessions will be signed out.`}
          error={nextError}
          value={next}
          required
          onChange={(e) => setNext(e.target.value)}
        />
        <FailureNotice failure={failure} />
        {done && <SuccessNotice onDismiss={() => setDone(null)}>{done}</SuccessNotice>}
        <div className="settings-form__actions">
          <button type="submit" className="button button--primary" disabled={busy || !current || !next}>
            {busy ? 'Changing...' : 'Change password'}
          </button>
        </div>
      </form>
    </section>
  );
}
