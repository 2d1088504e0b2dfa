import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { phoneShown, parseContact, type AccountContacts } from '@homing/shared';
import { useAuth } from '../auth/authContext';
import { accountApi, errorText } from '../auth/accountRequests';
import { ErrorState, LoadingState } from '../components/StateViews';
import { TextField } from '../components/TextField';
import { usePageTitle } from '../components/usePageTitle';
import { useAppConfig } from '../config/configContext';
import { PhoneCodeStep } from './account/PhoneCodeStep';
import './account/account.css';
import { BusyButton } from '../components/FormParts';

const CURRENT_PASSWORD_REQUIRED = 'Enter your current password to change your contact details';

function Status({ verified }: { verified: boolean }) {
  return verified ? (
    <span className="badge">Confirmed</span>
  ) : (
    <span className="badge badge--warning">Not confirmed</span>
  );
}

/**
 * /settings/contacts: the account's e-mail address and phone number. A new one is used only once
 * confirmed (a link by e-mail, a code by SMS); the old one stays until then.
 */
/**
 * The current password every change of a contact asks for: its field, its value, and its error (a
 * wrong password or too many tries), cleared as the owner types.
 */
function useCurrentPassword() {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const field = (
    <TextField
      label="Current password"
      type="password"
      autoComplete="current-password"
      value={value}
      error={error}
      onChange={(e) => {
        setValue(e.target.value);
        setError(null);
      }}
    />
  );
  return { value, setValue, setError, field };
}

export default function ContactsPage() {
  usePageTitle('Contact details');
  const [contacts, setContacts] = useState<AccountContacts | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const [loads, setLoads] = useState(0);
  useEffect(() => {
    let live = true;
    void accountApi.contacts().then((result) => {
      if (!live) return;
      if (result.success && result.data) setContacts(result.data);
      else setLoadError(errorText(result, 'Could not load your contact details'));
    });
    return () => {
      live = false;
    };
  }, [loads]);
  const load = useCallback(() => {
    setLoadError(null);
    setLoads((n) => n + 1);
    return Promise.resolve();
  }, []);

  return (
    <section className="contacts-page container" aria-labelledby="contacts-title">
      <h1 id="contacts-title">Contact details</h1>
      <p className="account-form__lead">
        Where we reach you when someone finds your things, and how you recover your password.
      </p>
      {loadError ? (
        <ErrorState message={loadError} onRetry={() => void load()} />
      ) : !contacts ? (
        <LoadingState label="Loading your contact details..." />
      ) : (
        <>
          <EmailSection contacts={contacts} onChange={setContacts} />
          <PhoneSection contacts={contacts} onChange={setContacts} reload={load} />
        </>
      )}
    </section>
  );
}

function EmailSection({
  contacts,
  onChange,
}: {
  contacts: AccountContacts;
  onChange: (c: AccountContacts) => void;
}) {
  const [email, setEmail] = useState('');
  const password = useCurrentPassword();
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const titleId = useId();

  const send = async (address: string) => {
    const contact = parseContact(address);
    if (contact.kind !== 'email') return setError('Please enter a valid email address');
    if (!password.value) return password.setError(CURRENT_PASSWORD_REQUIRED);
    setBusy(true);
    setError(null);
    const result = await accountApi.changeEmail(contact.email, password.value);
    setBusy(false);
    if (result.code === 'wrong_password' || result.status === 429)
      return password.setError(errorText(result, 'Could not check your password'));
    if (!result.success || !result.data) return setError(errorText(result, 'Could not send the link'));
    password.setValue('');
    onChange(result.data.contacts);
    setSent(
      result.data.sent
        ? `We sent a confirmation link to ${contact.email}. It works for 30 minutes.`
        : `${contact.email} is already confirmed.`,
    );
    setEmail('');
  };

  return (
    <div className="contacts-page__section" aria-labelledby={titleId}>
      <h2 id={titleId} className="account-form__title">
        E-mail address
      </h2>
      <p className="contacts-page__current">
        {contacts.email ? (
          <>
            <span>{contacts.email}</span> <Status verified={contacts.emailVerified} />
          </>
        ) : (
          <span>No e-mail address yet.</span>
        )}
      </p>
      {contacts.email && !contacts.emailVerified && !contacts.pendingEmail && (
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => void send(contacts.email!)}
        >
          Send a confirmation link
        </button>
      )}
      {contacts.pendingEmail && (
        <p className="account-form__lead">
          Waiting for confirmation: {contacts.pendingEmail}. Open the link we sent there; until then your
          account keeps {contacts.email ? contacts.email : 'no e-mail address'}.
        </p>
      )}
      <form
        className="account-form"
        noValidate
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          if (!busy) void send(email);
        }}
      >
        <TextField
          label={contacts.email ? 'New e-mail address' : 'E-mail address'}
          type="email"
          autoComplete="email"
          value={email}
          error={error}
          onChange={(e) => {
            setEmail(e.target.value);
            setError(null);
          }}
        />
        {password.field}
        {sent && (
          <p className="form-message form-message--success" role="status">
            {sent}
          </p>
        )}
        <BusyButton busy={busy} block={false}>
          Send confirmation link
        </BusyButton>
      </form>
    </div>
  );
}

function PhoneSection({
  contacts,
  onChange,
  reload,
}: {
  contacts: AccountContacts;
  onChange: (c: AccountContacts) => void;
  reload: () => Promise<void>;
}) {
  const { brandName } = useAppConfig().config;
  const { refresh } = useAuth();
  const [phone, setPhone] = useState('');
  // A new code, like a new number, needs the current password.
  const password = useCurrentPassword();
  const [optIn, setOptIn] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const optInId = useId();
  const pending = contacts.pendingPhoneNumber;

  const send = async (number: string, smsOptIn: boolean) => {
    const contact = parseContact(number);
    if (contact.kind !== 'phone') return setError('Please enter a valid phone number (10 digits)');
    if (!password.value) return password.setError(CURRENT_PASSWORD_REQUIRED);
    setBusy(true);
    setError(null);
    setNote(null);
    const result = await accountApi.changePhone(contact.phoneNumber, smsOptIn, password.value);
    setBusy(false);
    if (result.code === 'wrong_password' || result.status === 429)
      return password.setError(errorText(result, 'Could not check your password'));
    if (!result.success || !result.data) return setError(errorText(result, 'Could not send the code'));
    password.setValue('');
    onChange(result.data.contacts);
    if (!result.data.sent) setNote('Saved.');
    setPhone('');
  };

  return (
    <div className="contacts-page__section" aria-labelledby={titleId}>
      <h2 id={titleId} className="account-form__title">
        Phone number
      </h2>
      <p className="contacts-page__current">
        {contacts.phoneNumber ? (
          <>
            <span>{phoneShown(contacts.phoneNumber)}</span> <Status verified={contacts.phoneVerified} />
            {contacts.phoneVerified && (
              <span className="account-form__lead">
                {contacts.smsStopped
                  ? 'You replied STOP: we send no texts. Reply START to our number to allow them again.'
                  : contacts.smsOptIn
                    ? 'Text alerts on.'
                    : 'Text alerts off.'}
              </span>
            )}
          </>
        ) : (
          <span>No phone number yet.</span>
        )}
      </p>
      {pending ? (
        <>
          {password.field}
          <PhoneCodeStep
            phoneNumber={pending}
            onDone={() => {
              setNote(`${phoneShown(pending)} is confirmed.`);
              void reload();
              void refresh();
            }}
            onResend={() => send(pending, true)}
          />
        </>
      ) : (
        <>
          {contacts.phoneNumber && !contacts.phoneVerified && (
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => void send(contacts.phoneNumber!, contacts.smsOptIn)}
            >
              Text me a confirmation code
            </button>
          )}
          <form
            className="account-form"
            noValidate
            onSubmit={(e: FormEvent) => {
              e.preventDefault();
              if (!busy) void send(phone, optIn);
            }}
          >
            <TextField
              label={contacts.phoneNumber ? 'New phone number' : 'Phone number'}
              type="tel"
              autoComplete="tel"
              hint="A US number, or another country's with its + and code (+44 7911 123456). We text it a code to confirm it."
              value={phone}
              error={error}
              onChange={(e) => {
                setPhone(e.target.value);
                setError(null);
              }}
            />
            {password.field}
            <div className="check-field">
              <input
                id={optInId}
                type="checkbox"
                className="check-field__input"
                checked={optIn}
                onChange={(e) => setOptIn(e.target.checked)}
              />
              <label htmlFor={optInId} className="check-field__label">
                I agree to receive text messages from {brandName} about my items. Message and data rates may
                apply. Reply STOP to opt out at any time.
              </label>
            </div>
            <BusyButton busy={busy} block={false}>
              Send code
            </BusyButton>
          </form>
        </>
      )}
      {note && (
        <p className="form-message form-message--success" role="status">
          {note}
        </p>
      )}
      <p className="account-form__back">
        <Link to="/dashboard">Back to dashboard</Link>
      </p>
    </div>
  );
}
