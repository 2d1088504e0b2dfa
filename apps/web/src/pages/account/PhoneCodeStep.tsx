import { useEffect, useRef, useState, type FormEvent } from 'react';
import { phoneShown } from '@homing/shared';
import { accountApi, errorText } from '../../auth/accountRequests';
import { CodeField, checkCode } from './CodeField';
import { BusyButton } from '../../components/FormParts';

/**
 * Confirms a phone number by the code texted to it. Until then nothing else is texted to it.
 * `onDone` after a confirmation; `onSkip` (optional) leaves it for later.
 */
export function PhoneCodeStep(props: {
  phoneNumber: string;
  onDone: () => void;
  onSkip?: () => void;
  onResend?: () => Promise<void>;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => ref.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const invalid = checkCode(code);
    if (invalid) return setError(invalid);
    setBusy(true);
    setError(null);
    const result = await accountApi.confirmPhone(code);
    setBusy(false);
    if (result.success) return props.onDone();
    setError(errorText(result, 'That code did not work'));
  };

  const resend = async () => {
    if (!props.onResend) return;
    setBusy(true);
    await props.onResend();
    setBusy(false);
    setNote('We sent a new code. Earlier codes no longer work.');
    setCode('');
  };

  return (
    <form className="account-form" onSubmit={submit} noValidate aria-labelledby="phone-code-title">
      <h2 id="phone-code-title" className="account-form__title">
        Confirm your phone
      </h2>
      <p className="account-form__lead">
        We texted a 6-digit code to {phoneShown(props.phoneNumber)}. It works for 30 minutes. We send no other
        texts to this number until it is confirmed.
      </p>
      <CodeField ref={ref} value={code} onChange={setCode} error={error} />
      {note && (
        <p className="form-message form-message--success" role="status">
          {note}
        </p>
      )}
      <div className="account-form__actions">
        <BusyButton busy={busy}>Confirm phone</BusyButton>
        {props.onResend && (
          <button
            type="button"
            className="button button--ghost button--block"
            onClick={resend}
            disabled={busy}
          >
            Send a new code
          </button>
        )}
        {props.onSkip && (
          <button
            type="button"
            className="button button--ghost button--block"
            onClick={props.onSkip}
            disabled={busy}
          >
            Skip for now
          </button>
        )}
      </div>
    </form>
  );
}
