import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/authContext';
import { AUTH_PATHS, authModeFor } from '../auth/authMode';
import { postLoginTarget } from '../auth/returnUrl';
import { LoadingState } from '../components/StateViews';
import { usePageTitle } from '../components/usePageTitle';
import { useAppConfig } from '../config/configContext';
import { AuthForm } from './auth/AuthForm';
import './account/account.css';
import './AuthPage.css';

/** Long enough to read "Login successful!" before the redirect. */
const SUCCESS_PAUSE_MS = 700;

/** /auth and /auth/createAccount (any case): PRODUCT.md, Screens, Validation and Errors. */
export default function AuthPage() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { status, isAuthenticated } = useAuth();
  const { brandName } = useAppConfig().config;
  const mode = authModeFor(pathname);
  const target = postLoginTarget(search);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);
  usePageTitle(mode === 'register' ? 'Create Account' : 'Login');

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(target, { replace: true }), SUCCESS_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [done, navigate, target]);

  if (status === 'checking') return <LoadingState label="Checking your session..." />;
  if (isAuthenticated && !submitting) return <Navigate to={target} replace />;

  return (
    <section className="auth-page container" aria-labelledby="auth-title">
      <div className="auth-page__intro">
        <h1 id="auth-title" className="auth-page__title">
          Welcome
        </h1>
        <p className="auth-page__lead">
          {mode === 'register'
            ? `Create your ${brandName} account to label your belongings.`
            : `Sign in to ${brandName} to manage your items and labels.`}
        </p>
      </div>
      <div className="auth-page__card">
        <AuthForm
          mode={mode}
          onModeChange={(next) => navigate({ pathname: AUTH_PATHS[next], search })}
          onSubmitStart={() => setSubmitting(true)}
          // Signed in either way; a phone sign-up confirms its number on the dashboard (PhoneConfirmCard).
          onSuccess={() => setDone(true)}
          onCancel={() => navigate('/')}
        />
      </div>
    </section>
  );
}
