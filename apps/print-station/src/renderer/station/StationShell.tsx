import { BulkPrintScreen, QrAnalyticsScreen, QrSetsScreen } from '@homing/web/admin';
import { useCallback, useMemo, useState } from 'react';
import { HashRouter, Navigate, NavLink, Route, Routes } from 'react-router-dom';
import type { SessionInfo, StationBridge } from '../../shared/bridge';
import { AdminHost } from './AdminHost';
import { CalibrationScreen } from './CalibrationScreen';
import { HistoryScreen } from './HistoryScreen';
import { PrinterScreen } from './PrinterScreen';
import { ProgressPanel } from './ProgressPanel';
import { ReadBackScreen } from './ReadBackScreen';
import type { Notice, StationContextValue, StationSettings } from './stationContext';
import { loadSettings, saveSettings, StationContext } from './stationContext';

const NAV = [
  ['/admin/qr-sets', 'QR Code Sets'],
  ['/admin/qr-codes', 'QR Codes'],
  ['/admin/qr-codes/create', 'Print QR Codes'],
  ['/printer', 'Printer'],
  ['/calibration', 'Calibration'],
  ['/read-back', 'Read back'],
  ['/history', 'Job History'],
] as const;

interface ShellProps {
  bridge: StationBridge;
  session: SessionInfo;
  onSignedOut: () => void;
}

/** The signed-in station: the admin screens of the web app plus the station's own. */
export function StationShell({ bridge, session, onSignedOut }: ShellProps) {
  const [settings, setSettings] = useState<StationSettings>(() => loadSettings());
  const [notice, setNotice] = useState<Notice | null>(null);
  const updateSettings = useCallback((change: Partial<StationSettings>) => {
    setSettings((current) => {
      const next = { ...current, ...change };
      saveSettings(next);
      return next;
    });
  }, []);
  const signOut = useCallback(() => {
    void bridge.logout().finally(onSignedOut);
  }, [bridge, onSignedOut]);
  const value = useMemo<StationContextValue>(
    () => ({ bridge, session, settings, updateSettings, signOut, notice, setNotice }),
    [bridge, session, settings, updateSettings, signOut, notice],
  );
  const who = session.user.email ?? session.user.phoneNumber ?? session.user.name ?? 'admin';

  return (
    <StationContext value={value}>
      <HashRouter>
        <header className="station-header">
          <span className="station-header__brand">Homing Print Station</span>
          <nav aria-label="Station" className="station-nav">
            {NAV.map(([to, label]) => (
              <NavLink key={to} to={to} end className="station-nav__link">
                {label}
              </NavLink>
            ))}
          </nav>
          <span className="station-header__who" title={session.serverUrl}>
            {who}
          </span>
          <button type="button" className="button button--ghost button--small" onClick={signOut}>
            Sign out
          </button>
        </header>
        <div className="station-status">
          <span>
            Printer: <strong>{settings.printer ?? 'none chosen'}</strong> · start column{' '}
            {settings.startColumn}, row {settings.startRow}
          </span>
          {bridge.kind === 'browser-twin' && (
            <span className="badge">Browser twin: jobs are recorded, not printed</span>
          )}
        </div>
        {notice && (
          <p
            className={`form-message form-message--${notice.tone} station-notice`}
            role={notice.tone === 'error' ? 'alert' : 'status'}
          >
            {notice.text}
            <button type="button" className="link-button" onClick={() => setNotice(null)}>
              Dismiss
            </button>
          </p>
        )}
        <ProgressPanel />
        <main className="page container">
          <Routes>
            <Route
              path="/"
              element={<Navigate to={settings.printer ? '/admin/qr-sets' : '/printer'} replace />}
            />
            <Route
              path="/admin/qr-sets"
              element={
                <AdminHost>
                  <QrSetsScreen />
                </AdminHost>
              }
            />
            <Route
              path="/admin/qr-codes"
              element={
                <AdminHost>
                  <QrAnalyticsScreen />
                </AdminHost>
              }
            />
            <Route
              path="/admin/qr-codes/create"
              element={
                <AdminHost>
                  <BulkPrintScreen />
                </AdminHost>
              }
            />
            <Route path="/printer" element={<PrinterScreen />} />
            <Route path="/calibration" element={<CalibrationScreen />} />
            <Route path="/read-back" element={<ReadBackScreen />} />
            <Route path="/history" element={<HistoryScreen />} />
            <Route path="*" element={<Navigate to="/" replace />} />
          </Routes>
        </main>
      </HashRouter>
    </StationContext>
  );
}
