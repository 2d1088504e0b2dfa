import type { PushDevice } from '@homing/shared';
import { useState } from 'react';
import { formatDateTime } from '../format';
import { FailureNotice, SuccessNotice } from '../Notice';
import { Loaded, SettingsRows, useSettingsList } from './SettingsRows';
import { listDevices, pushSupported, removeDevice, subscribeThisDevice, thisDeviceId } from './devicePush';

const REFUSED: Record<'unsupported' | 'denied' | 'unreachable' | 'failed', string> = {
  unsupported:
    'This browser cannot receive notifications when the app is closed. Add the app to your home screen, or use another browser.',
  denied:
    'This browser blocks notifications from this site: allow them in its site settings, then try again.',
  unreachable:
    'This browser could not reach its push service, so this device cannot be notified yet. Try again later, or use another browser.',
  failed: 'Could not turn on notifications for this device.',
};

const loadDevices = () => listDevices().then((r) => (r.success ? r.data.devices : null));

/**
 * The devices that get a push (a finder's report or message, a scan of a lost item) even when the
 * app is closed: "Notify me on this device", and each device listed with a button to stop it.
 * Pushes follow the channel switch "Browser notifications" and quiet hours above.
 */
export function DevicesSection() {
  const devicesList = useSettingsList(loadDevices);
  const devices = devicesList.list;
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ message: string; detail: string | null } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [current, setCurrent] = useState(thisDeviceId);

  const subscribe = async () => {
    setBusy('subscribe');
    setFailure(null);
    setDone(null);
    const outcome = await subscribeThisDevice();
    setBusy(null);
    if (!outcome.ok)
      return setFailure(
        outcome.reason === 'unreachable'
          ? {
              message: REFUSED.unreachable,
              detail: outcome.message ? `The browser said: ${outcome.message}` : null,
            }
          : { message: outcome.message ?? REFUSED[outcome.reason], detail: null },
      );
    setCurrent(outcome.device.id);
    setDone(`${outcome.device.device} will be notified.`);
    await devicesList.reload();
  };

  const remove = async (device: PushDevice) => {
    setBusy(device.id);
    setFailure(null);
    setDone(null);
    const result = await removeDevice(device.id);
    setBusy(null);
    if (!result.success && result.status !== 404)
      return setFailure({ message: 'Could not remove that device.', detail: null });
    setCurrent(thisDeviceId());
    setDone(`${device.device} will no longer be notified.`);
    await devicesList.reload();
  };

  const thisOneListed = !!current && !!devices?.some((d) => d.id === current);
  return (
    <section className="settings-card" aria-labelledby="settings-devices">
      <h2 id="settings-devices" className="settings-card__title">
        Devices
      </h2>
      <p className="settings-card__lead">
        Get a notification on your phone or computer even when the app is closed.
      </p>
      <Loaded state={devicesList} what="devices">
        {(devices) => (
          <>
            {devices.length === 0 ? (
              <p className="settings-card__empty">No device gets notifications yet.</p>
            ) : (
              <SettingsRows
                label="Notified devices"
                busy={busy}
                rows={devices.map((d) => ({
                  id: d.id,
                  title: d.device,
                  badge: d.id === current ? 'This device' : null,
                  times: (
                    <>
                      Added {formatDateTime(d.createdAt)}
                      {d.lastPushedAt && <> · last notified {formatDateTime(d.lastPushedAt)}</>}
                    </>
                  ),
                  action: {
                    label: 'Remove',
                    busyLabel: 'Removing...',
                    ariaLabel: `Remove ${d.device}, added ${formatDateTime(d.createdAt)}`,
                    run: () => void remove(d),
                  },
                }))}
              />
            )}
            <FailureNotice failure={failure} />
            {done && <SuccessNotice onDismiss={() => setDone(null)}>{done}</SuccessNotice>}
            {!thisOneListed && (
              <div className="settings-form__actions">
                <button
                  type="button"
                  className="button button--primary"
                  disabled={busy !== null || !pushSupported()}
                  aria-describedby={pushSupported() ? undefined : 'settings-devices-unsupported'}
                  onClick={() => void subscribe()}
                >
                  {busy === 'subscribe' ? 'Turning on...' : 'Notify me on this device'}
                </button>
                {!pushSupported() && (
                  <p id="settings-devices-unsupported" className="field__hint">
                    {REFUSED.unsupported}
                  </p>
                )}
              </div>
            )}
          </>
        )}
      </Loaded>
    </section>
  );
}
