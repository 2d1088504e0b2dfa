import { Link, useSearchParams } from 'react-router-dom';
import { accountApi } from '../auth/accountRequests';
import { LinkActionPage } from './LinkActionPage';

/**
 * /auth/undo-change?token=…: the link an account's old e-mail address or number gets after a
 * change of contact. The button puts the old contact back and signs out every device; the holder
 * then chooses a new password.
 */
export default function UndoChangePage() {
  const [params] = useSearchParams();
  return (
    <LinkActionPage
      title="Undo a change to your account"
      token={params.get('token') ?? ''}
      lead={
        <p className="account-form__lead">
          If you did not change your contact details, undo it: this address comes back, every device is signed
          out, and you choose a new password.
        </p>
      }
      action="Undo the change"
      failure="Could not undo the change"
      run={accountApi.undoContactChange}
      done={(data) => (
        <>
          <p className="form-message form-message--success" role="status">
            {data.message}
          </p>
          <Link className="button button--primary button--block" to="/auth/forgot">
            Choose a new password
          </Link>
        </>
      )}
      back={<Link to="/auth">Go to Login</Link>}
    />
  );
}
