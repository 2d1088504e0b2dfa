import { LoadingState } from '@homing/web/admin';
import { useEffect, useState } from 'react';
import type { SessionInfo, StationBridge } from '../shared/bridge';
import { SignInScreen } from './station/SignInScreen';
import { StationShell } from './station/StationShell';

/** Signed out: the sign-in screen. Signed in (as an admin): the station. */
export function StationApp({ bridge }: { bridge: StationBridge }) {
  const [session, setSession] = useState<SessionInfo | null | undefined>(undefined);
  useEffect(() => {
    bridge.session().then(setSession, () => setSession(null));
  }, [bridge]);

  if (session === undefined) return <LoadingState label="Starting the print station..." />;
  if (!session) return <SignInScreen bridge={bridge} onSignedIn={setSession} />;
  return <StationShell bridge={bridge} session={session} onSignedOut={() => setSession(null)} />;
}
