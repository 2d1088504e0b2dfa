import { MAX_BACKUP_CONTACTS, type BackupContact } from '@homing/shared';
import { useState, type FormEvent } from 'react';
import { Loaded, SettingsRows, useSettingsList } from './SettingsRows';
import { TextField } from '../../components/TextField';
import { describeFailure, type Failure } from '../failure';
import { FailureNotice, SuccessNotice } from '../Notice';
import { settingsApi } from './settingsApi';

const loadContacts = () => settingsApi.backupContacts().then((r) => (r.success ? r.data.contacts : null));

/**
 * Up to 3 people told when the owner leaves a report unopened (after twice their reminder delay).
 * Each is sent a link and receives nothing else until they follow it.
 */
export function BackupContactsSection() {
  const contactsList = useSettingsList(loadContacts);
  const contacts = contactsList.list;
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setBusy('add');
    setFailure(null);
    setDone(null);
    const result = await settingsApi.addBackupContact(value);
    setBusy(null);
    if (!result.success) return setFailure(describeFailure(result, 'Could not add this backup contact.'));
    contactsList.setList(result.data.contacts);
    setDone(`We sent ${value.trim()} a link to confirm. Nothing else is sent to them until they do.`);
    setValue('');
  };

  const remove = async (contact: BackupContact) => {
    setBusy(contact.id);
    setFailure(null);
    setDone(null);
    const result = await settingsApi.removeBackupContact(contact.id);
    setBusy(null);
    if (!result.success && result.status !== 404)
      return setFailure(describeFailure(result, 'Could not remove this backup contact.'));
    setDone(`Removed ${contact.value}.`);
    await contactsList.reload();
  };

  const full = (contacts?.length ?? 0) >= MAX_BACKUP_CONTACTS;
  return (
    <section className="settings-card" aria-labelledby="settings-backup">
      <h2 id="settings-backup" className="settings-card__title">
        Backup contacts
      </h2>
      <p className="settings-card__lead">
        If you do not open a report in time, we tell up to {MAX_BACKUP_CONTACTS} people you trust that you may
        need help. They see your name and the item, never the finder&apos;s details.
      </p>
      <Loaded state={contactsList} what="backup contacts">
        {(contacts) => (
          <>
            {contacts.length === 0 ? (
              <p className="settings-card__empty">No backup contacts yet.</p>
            ) : (
              <SettingsRows
                label="Backup contacts"
                busy={busy}
                rows={contacts.map((c) => ({
                  id: c.id,
                  title: c.value,
                  badge: c.confirmed ? 'Confirmed' : 'Waiting for confirmation',
                  action: {
                    label: 'Remove',
                    busyLabel: 'Removing...',
                    ariaLabel: `Remove ${c.value}`,
                    run: () => void remove(c),
                  },
                }))}
              />
            )}
            <FailureNotice failure={failure} />
            {done && <SuccessNotice onDismiss={() => setDone(null)}>{done}</SuccessNotice>}
            {!full && (
              <form className="settings-form" onSubmit={(e) => void add(e)} noValidate>
                <TextField
                  label="E-mail address or phone number"
                  value={value}
                  autoComplete="off"
                  required
                  onChange={(e) => setValue(e.target.value)}
                />
                <div className="settings-form__actions">
                  <button
                    type="submit"
                    className="button button--primary"
                    disabled={busy !== null || !value.trim()}
                  >
                    {busy === 'add' ? 'Adding...' : 'Add backup contact'}
                  </button>
                </div>
              </form>
            )}
          </>
        )}
      </Loaded>
    </section>
  );
}
