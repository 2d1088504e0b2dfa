import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { LoadingState } from '../components/StateViews';
import { useAuth } from './authContext';
import { decideAccess, type RouteAccess } from './guards';

/** Renders its screen, a calm wait while the stored session is checked, or the guard's redirect. */
export function Guard({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  const decision = decideAccess(access, auth, location);
  if (decision.kind === 'wait') return <LoadingState label="Checking your session..." />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <>{children}</>;
}
