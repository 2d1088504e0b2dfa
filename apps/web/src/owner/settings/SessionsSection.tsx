import type { SignedInSession } from '@homing/shared';
import { useState } from 'react';
import { Loaded, SettingsRows, useSettingsList } from './SettingsRows';
import { formatDateTime } from '../format';
import { FailureNotice, SuccessNotice } from '../Notice';
import { settingsApi } from './settingsApi';

const loadSessions = () => settingsApi.sessions().then((r) => (r.success ? r.data.sessions : null));

/** Where the owner is signed in, with sign-out per session and everywhere else. */
export function SessionsSection({ reloadKey }: { reloadKey: number }) {
  const sessionsList = useSettingsList(loadSessions, reloadKey);
  const sessions = sessionsList.list;
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const signOut = async (session: SignedInSession) => {
    setBusy(session.id);
    setFailure(null);
    setDone(null);
    const result = await settingsApi.signOutSession(session.id);
    setBusy(null);
    if (!result.success && result.status !== 404) return setFailure('Could not sign that session out.');
    setDone(`Signed out ${session.device}.`);
    await sessionsList.reload();
  };

  const signOutOthers = async () => {
    setBusy('others');
    setFailure(null);
    setDone(null);
    const result = await settingsApi.signOutOthers();
    setBusy(null);
    if (!result.success) return setFailure('Could not sign the other sessions out.');
    const n = result.data.signedOutSessions;
    setDone(n === 1 ? 'Signed out 1 other session.' : `Signed out ${n} other sessions.`);
    await sessionsList.reload();
  };

  const others = sessions?.filter((s) => !s.current).length ?? 0;
  return (
    <section className="settings-card" aria-labelledby="settings-sessions">
      <h2 id="settings-sessions" className="settings-card__title">
        Signed-in sessions
      </h2>
      <p className="settings-card__lead">
        Sign out anywhere you do not recognise, then change your password.
      </p>
      <Loaded state={sessionsList} what="sessions">
        {(sessions) => (
          <>
            <SettingsRows
              label="Sessions"
              busy={busy}
              rows={sessions.map((s) => ({
                id: s.id,
                title: s.device,
                badge: s.current ? 'This device' : null,
                times: (
                  <>
                    Signed in {formatDateTime(s.createdAt)}
                    {s.lastUsedAt && <> · last used {formatDateTime(s.lastUsedAt)}</>}
                  </>
                ),
                ...(s.current
                  ? {}
                  : {
                      action: {
                        label: 'Sign out',
                        busyLabel: 'Signing out...',
                        ariaLabel: `Sign out ${s.device}, signed in ${formatDateTime(s.createdAt)}`,
                        run: () => void signOut(s),
                      },
                    }),
              }))}
            />
            <FailureNotice failure={failure ? { message: failure, detail: null } : null} />
            {done && <SuccessNotice onDismiss={() => setDone(null)}>{done}</SuccessNotice>}
            <div className="settings-form__actions">
              <button
                type="button"
                className="button button--secondary"
                disabled={busy !== null || others === 0}
                onClick={() => void signOutOthers()}
              >
                {busy === 'others' ? 'Signing out...' : 'Sign out everywhere else'}
              </button>
            </div>
          </>
        )}
      </Loaded>
    </section>
  );
}
