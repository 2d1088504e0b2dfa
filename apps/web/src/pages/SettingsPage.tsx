import { usePageTitle } from '../components/usePageTitle';
import { SettingsView } from '../owner/settings/SettingsView';

/** The owner's settings (/settings): profile, contacts, password, notifications, sessions, data. */
export default function SettingsPage() {
  usePageTitle('Settings');
  return (
    <section className="page container" aria-labelledby="page-title">
      <SettingsView />
    </section>
  );
}
