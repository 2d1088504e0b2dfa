import { Link, useSearchParams } from 'react-router-dom';
import { useAuth } from '../auth/authContext';
import { accountApi } from '../auth/accountRequests';
import { LinkActionPage } from './LinkActionPage';

/**
 * /auth/confirm-email?token=…: the link sent to a new e-mail address. It works signed out too: the
 * token is the proof.
 */
export default function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const { isAuthenticated, refresh } = useAuth();
  return (
    <LinkActionPage
      title="Confirm your e-mail address"
      token={params.get('token') ?? ''}
      action="Confirm this address"
      failure="Could not confirm the address"
      run={async (token) => {
        const result = await accountApi.confirmEmail(token);
        if (result.success && isAuthenticated) void refresh();
        return result;
      }}
      done={(data) => (
        <p className="form-message form-message--success" role="status">
          {data.user.email ?? ''} is confirmed and now used for your account.
        </p>
      )}
      back={
        isAuthenticated ? (
          <Link to="/settings/contacts">Your contact details</Link>
        ) : (
          <Link to="/auth">Go to Login</Link>
        )
      }
    />
  );
}
