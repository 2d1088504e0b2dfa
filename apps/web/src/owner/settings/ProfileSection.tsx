import { useState, type FormEvent } from 'react';
import { phoneShown } from '@homing/shared';
import { Link } from 'react-router-dom';
import { sessionStore } from '../../api';
import { useAuth } from '../../auth/authContext';
import { TextField } from '../../components/TextField';
import { describeFailure, type Failure } from '../failure';
import { FailureNotice, SuccessNotice } from '../Notice';
import { settingsApi } from './settingsApi';

/** The owner's name, and their sign-in contacts (changed on /settings/contacts). */
export function ProfileSection() {
  const { currentUser, sessionToken } = useAuth();
  const [name, setName] = useState(currentUser?.name ?? '');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [saved, setSaved] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    setSaved(false);
    const result = await settingsApi.updateProfile(name);
    setBusy(false);
    if (!result.success) return setFailure(describeFailure(result, 'Could not save your name.'));
    // The menu shows the new name at once.
    if (sessionToken) sessionStore.set({ sessionToken, user: result.data.user });
    setName(result.data.user.name ?? '');
    setSaved(true);
  };

  return (
    <>
      <section className="settings-card" aria-labelledby="settings-profile">
        <h2 id="settings-profile" className="settings-card__title">
          Profile
        </h2>
        <form className="settings-form" onSubmit={(e) => void save(e)} noValidate>
          <TextField
            label="Name"
            labelNote="(optional)"
            hint="Shown in the menu. Finders never see it."
            value={name}
            maxLength={200}
            autoComplete="name"
            onChange={(e) => setName(e.target.value)}
          />
          <FailureNotice failure={failure} />
          {saved && <SuccessNotice onDismiss={() => setSaved(false)}>Name saved.</SuccessNotice>}
          <div className="settings-form__actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? 'Saving...' : 'Save name'}
            </button>
          </div>
        </form>
      </section>

      <section className="settings-card" aria-labelledby="settings-contacts">
        <h2 id="settings-contacts" className="settings-card__title">
          Contacts
        </h2>
        <p className="settings-card__lead">How you sign in and where we tell you that something was found.</p>
        <dl className="settings-facts">
          <div>
            <dt>E-mail</dt>
            <dd>{currentUser?.email ?? 'Not added'}</dd>
          </div>
          <div>
            <dt>Phone</dt>
            <dd>{currentUser?.phoneNumber ? phoneShown(currentUser.phoneNumber) : 'Not added'}</dd>
          </div>
        </dl>
        <Link to="/settings/contacts" className="button button--secondary">
          Change e-mail or phone
        </Link>
      </section>
    </>
  );
}
