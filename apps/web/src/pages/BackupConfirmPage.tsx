import { settingsApi } from '../owner/settings/settingsApi';
import { LinkActionPage } from './LinkActionPage';

/** /backup/confirm?token=…: the link sent to a would-be backup contact (who usually has no account). */
export default function BackupConfirmPage() {
  return (
    <LinkActionPage
      title="Become a backup contact"
      intro={
        <p>
          You will be told only if the person who asked you does not answer when someone finds one of their
          belongings.
        </p>
      }
      token={new URLSearchParams(window.location.search).get('token') ?? ''}
      action="Yes, I agree"
      failure="Could not confirm. Please try again."
      run={settingsApi.confirmBackupContact}
      done={(data) => (
        <p className="form-message form-message--success" role="status">
          {data.message}
        </p>
      )}
    />
  );
}
