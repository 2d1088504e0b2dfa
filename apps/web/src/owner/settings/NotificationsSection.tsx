import { phoneShown, type NotificationPreferences } from '@homing/shared';
import { useCallback, useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useAuth } from '../../auth/authContext';
import { ErrorState, LoadingState } from '../../components/StateViews';
import { describeFailure, type Failure } from '../failure';
import { FailureNotice, SuccessNotice } from '../Notice';
import { settingsApi, timeZones } from './settingsApi';

function Check(props: {
  id: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  hint?: ReactNode;
}) {
  return (
    <div className="check-field">
      <input
        id={props.id}
        type="checkbox"
        className="check-field__input"
        checked={props.checked}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      <label htmlFor={props.id} className="check-field__label">
        {props.children}
        {props.hint && <span className="check-field__hint">{props.hint}</span>}
      </label>
    </div>
  );
}

const browserPermission = () =>
  typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;

/** Which channels may tell the owner about a finder, and the quiet hours when they wait. */
export function NotificationsSection() {
  const { currentUser } = useAuth();
  const id = useId();
  const [prefs, setPrefs] = useState<NotificationPreferences | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [saved, setSaved] = useState(false);
  const [permission, setPermission] = useState(browserPermission);

  const load = useCallback(
    () =>
      settingsApi.preferences().then((result) => {
        if (!result.success) return setLoadFailed(true);
        // The zone in force (the browser's at sign-up, or the owner's choice), as messages use it.
        setPrefs(result.data);
      }),
    [],
  );
  useEffect(() => {
    void load();
  }, [load]);
  const retry = () => {
    setLoadFailed(false);
    void load();
  };

  if (loadFailed)
    return (
      <section className="settings-card" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="settings-card__title">
          Notifications
        </h2>
        <ErrorState message="Could not load your notification settings." onRetry={retry} />
      </section>
    );
  if (!prefs)
    return (
      <section className="settings-card" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="settings-card__title">
          Notifications
        </h2>
        <LoadingState label="Loading your notification settings..." />
      </section>
    );

  const change = (next: Partial<NotificationPreferences>) => {
    setSaved(false);
    setPrefs({ ...prefs, ...next });
  };
  const changeQuiet = (next: Partial<NotificationPreferences['quietHours']>) =>
    change({ quietHours: { ...prefs.quietHours, ...next } });

  const toggleBrowser = async (on: boolean) => {
    change({ browser: on });
    if (on && permission === 'default') setPermission(await Notification.requestPermission());
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    const result = await settingsApi.savePreferences(prefs);
    setBusy(false);
    if (!result.success)
      return setFailure(describeFailure(result, 'Could not save your notification settings.'));
    setPrefs(result.data);
    setSaved(true);
  };

  const noPhone = !currentUser?.phoneNumber;
  return (
    <section className="settings-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="settings-card__title">
        Notifications
      </h2>
      <p className="settings-card__lead">
        How we tell you that someone found one of your things. Every message is also on your dashboard.
      </p>
      <form className="settings-form" onSubmit={(e) => void save(e)} noValidate>
        <fieldset className="settings-fieldset">
          <legend className="settings-fieldset__legend">Channels</legend>
          <Check
            id={`${id}-email`}
            checked={prefs.email}
            disabled={!currentUser?.email}
            onChange={(email) => change({ email })}
            hint={currentUser?.email ? currentUser.email : 'Add an e-mail address under Contacts first.'}
          >
            E-mail
          </Check>
          <Check
            id={`${id}-sms`}
            checked={prefs.sms}
            disabled={noPhone}
            onChange={(sms) => change({ sms })}
            hint={
              noPhone
                ? 'Add a phone number under Contacts first.'
                : `Text messages to ${phoneShown(currentUser.phoneNumber ?? '')}`
            }
          >
            SMS
          </Check>
          <Check
            id={`${id}-browser`}
            checked={prefs.browser}
            onChange={(on) => void toggleBrowser(on)}
            hint={
              permission === 'denied'
                ? 'This browser blocks notifications from this site: allow them in its site settings.'
                : permission === 'unsupported'
                  ? 'This browser cannot show notifications.'
                  : 'A notification while your dashboard is open, and on the devices below when it is closed.'
            }
          >
            Browser notifications
          </Check>
        </fieldset>

        <fieldset className="settings-fieldset">
          <legend className="settings-fieldset__legend">Quiet hours</legend>
          <Check
            id={`${id}-quiet`}
            checked={prefs.quietHours.enabled}
            onChange={(enabled) => changeQuiet({ enabled })}
            hint="E-mails, texts and device notifications wait until the quiet hours end."
          >
            Hold notifications at night
          </Check>
          <div className="settings-quiet" aria-disabled={!prefs.quietHours.enabled}>
            <div className="field">
              <label className="field__label" htmlFor={`${id}-start`}>
                From
              </label>
              <input
                id={`${id}-start`}
                type="time"
                className="field__input"
                value={prefs.quietHours.start}
                disabled={!prefs.quietHours.enabled}
                required
                onChange={(e) => changeQuiet({ start: e.target.value })}
              />
            </div>
            <div className="field">
              <label className="field__label" htmlFor={`${id}-end`}>
                Until
              </label>
              <input
                id={`${id}-end`}
                type="time"
                className="field__input"
                value={prefs.quietHours.end}
                disabled={!prefs.quietHours.enabled}
                required
                onChange={(e) => changeQuiet({ end: e.target.value })}
              />
            </div>
            <div className="field settings-quiet__zone">
              <label className="field__label" htmlFor={`${id}-zone`}>
                Time zone
              </label>
              <select
                id={`${id}-zone`}
                className="field__input"
                value={prefs.quietHours.timeZone}
                disabled={!prefs.quietHours.enabled}
                onChange={(e) => changeQuiet({ timeZone: e.target.value })}
              >
                {timeZones(prefs.quietHours.timeZone).map((zone) => (
                  <option key={zone} value={zone}>
                    {zone.replace(/_/g, ' ')}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <Check
            id={`${id}-urgent`}
            checked={prefs.urgentBreaksThrough}
            disabled={!prefs.quietHours.enabled}
            onChange={(urgentBreaksThrough) => change({ urgentBreaksThrough })}
            hint="Scans of an item you marked lost, and new messages from a finder."
          >
            Let urgent notifications through
          </Check>
        </fieldset>

        <fieldset className="settings-fieldset">
          <legend className="settings-fieldset__legend">If you do not open a report</legend>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-delay`}>
              Remind me after (minutes)
            </label>
            <input
              id={`${id}-delay`}
              type="number"
              inputMode="numeric"
              min={5}
              max={1440}
              step={1}
              className="field__input settings-delay"
              value={Number.isNaN(prefs.escalationDelayMinutes) ? '' : prefs.escalationDelayMinutes}
              aria-describedby={`${id}-delay-hint`}
              onChange={(e) => change({ escalationDelayMinutes: e.target.valueAsNumber })}
            />
            <p id={`${id}-delay-hint`} className="field__hint">
              Between 5 and 1440. After this time we tell you again (by SMS when you allow it), and after
              twice this time your confirmed backup contacts. Opening the report stops it.
            </p>
          </div>
        </fieldset>

        <FailureNotice failure={failure} />
        {saved && (
          <SuccessNotice onDismiss={() => setSaved(false)}>Notification settings saved.</SuccessNotice>
        )}
        <div className="settings-form__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Saving...' : 'Save notification settings'}
          </button>
        </div>
      </form>
    </section>
  );
}
