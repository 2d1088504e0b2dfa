import { useState } from 'react';
import { BackupContactsSection } from './BackupContactsSection';
import { DataSection } from './DataSection';
import { DevicesSection } from './DevicesSection';
import { NotificationsSection } from './NotificationsSection';
import { PasswordSection } from './PasswordSection';
import { ProfileSection } from './ProfileSection';
import { SessionsSection } from './SessionsSection';
import './settings.css';

const SECTIONS = [
  ['settings-profile', 'Profile'],
  ['settings-contacts', 'Contacts'],
  ['settings-password', 'Password'],
  ['settings-notifications', 'Notifications'],
  ['settings-devices', 'Devices'],
  ['settings-backup', 'Backup contacts'],
  ['settings-sessions', 'Sessions'],
  ['settings-data', 'Your data'],
] as const;

/** `/settings`: one page of sections, with a jump list that wraps on a phone. */
export function SettingsView() {
  // A password change signs other sessions out: the list reloads.
  const [sessionsKey, setSessionsKey] = useState(0);
  return (
    <div className="settings">
      <h1 id="page-title" className="settings__title">
        Settings
      </h1>
      <nav className="settings-nav" aria-label="Settings sections">
        {SECTIONS.map(([id, label]) => (
          <a key={id} href={`#${id}`} className="settings-nav__link">
            {label}
          </a>
        ))}
      </nav>
      <ProfileSection />
      <PasswordSection onChanged={() => setSessionsKey((k) => k + 1)} />
      <div id="settings-notifications">
        <NotificationsSection />
      </div>
      <DevicesSection />
      <BackupContactsSection />
      <SessionsSection reloadKey={sessionsKey} />
      <DataSection />
    </div>
  );
}
