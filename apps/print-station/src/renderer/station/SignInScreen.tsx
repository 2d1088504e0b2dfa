import { TextField } from '@homing/web/admin';
import { useEffect, useState, type FormEvent } from 'react';
import type { SessionInfo, SessionProtection, StationBridge } from '../../shared/bridge';

const SERVER_KEY = 'homingStation.serverUrl';

/** The server this page came from when it is a web page (the twin), else the last one used. */
function initialServer(): string {
  const saved = localStorage.getItem(SERVER_KEY);
  if (saved) return saved;
  return /^https?:$/.test(window.location.protocol) ? window.location.origin : 'http://localhost:3000';
}

/** Server URL and sign-in. Admins only: the bridge refuses anyone else with the server's words. */
export function SignInScreen({
  bridge,
  onSignedIn,
}: {
  bridge: StationBridge;
  onSignedIn: (s: SessionInfo) => void;
}) {
  const [serverUrl, setServerUrl] = useState(initialServer);
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [protection, setProtection] = useState<SessionProtection | null>(null);

  useEffect(() => {
    if (bridge.kind !== 'electron') return;
    bridge.sessionProtection().then(setProtection, () => setProtection(null));
  }, [bridge]);

  async function chooseUnencrypted(allow: boolean) {
    setProtection(await bridge.allowUnencryptedSession(allow));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const session = await bridge.login({
        serverUrl: serverUrl.trim(),
        identifier: identifier.trim(),
        password,
      });
      localStorage.setItem(SERVER_KEY, session.serverUrl);
      onSignedIn(session);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Login failed');
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="station-signin">
      <form className="station-card" onSubmit={(event) => void submit(event)} aria-labelledby="signin-title">
        <h1 id="signin-title" className="page__title">
          Homing Print Station
        </h1>
        <p className="page__lead">Sign in with an admin account to print label sheets.</p>
        <TextField
          label="Server URL"
          type="url"
          required
          value={serverUrl}
          onChange={(e) => setServerUrl(e.target.value)}
        />
        <TextField
          label="Email or phone number"
          autoComplete="username"
          required
          value={identifier}
          onChange={(e) => setIdentifier(e.target.value)}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {(protection === 'memory-only' || protection === 'unencrypted') && (
          <div className="station-note" role="note">
            <p>
              This computer has no keyring to encrypt your sign-in with.{' '}
              {protection === 'memory-only'
                ? 'It is kept only while the station runs: you sign in again after a restart.'
                : 'It is stored unencrypted on this computer: anyone who can read your files can use it.'}
            </p>
            <label className="checkbox">
              <input
                type="checkbox"
                checked={protection === 'unencrypted'}
                onChange={(e) => void chooseUnencrypted(e.target.checked)}
              />{' '}
              Keep me signed in after a restart (stored unencrypted)
            </label>
          </div>
        )}
        {error && (
          <p className="form-message form-message--error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? 'Signing in...' : 'Sign in'}
        </button>
        {bridge.kind === 'browser-twin' && (
          <p className="station-note">Browser twin: jobs are recorded, not printed.</p>
        )}
      </form>
    </main>
  );
}
