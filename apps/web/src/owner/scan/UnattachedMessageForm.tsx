import { useState, type FormEvent } from 'react';
import {
  countryFromLanguages,
  formatPhoneAsTyped,
  phoneCountries,
  phoneForReport,
  type CountryCode,
} from '@homing/shared';
import { api } from '../../api';
import { TextAreaField } from '../fields';
import { locateOnce } from '../../found/geolocation';
import './UnattachedMessageForm.css';

export const SEND_FAILED = 'Failed to submit found report. Please try again.';

const languages = () =>
  typeof navigator === 'undefined'
    ? []
    : navigator.languages?.length
      ? navigator.languages
      : [navigator.language];

/**
 * Under the spec's "Unassigned QR Code" (a claimed label with no item, or whose item was deleted):
 * a finder can still message the label's owner (issue 15). The same report as the finder page's:
 * message, phone of any country (E.164; the US as 555-123-4567), location once if allowed.
 */
export function UnattachedMessageForm({ qrCode }: { qrCode: string }) {
  const [message, setMessage] = useState('');
  const [country, setCountry] = useState<CountryCode>(() => countryFromLanguages(languages()));
  const [phone, setPhone] = useState('');
  const [share, setShare] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [names] = useState(() => {
    try {
      return new Intl.DisplayNames(['en'], { type: 'region' });
    } catch {
      return null;
    }
  });
  const [options] = useState(() =>
    phoneCountries()
      .map((c) => ({ ...c, name: names?.of(c.country) ?? c.country }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  );

  if (sent)
    return (
      <p className="unattached-form__sent" role="status">
        Your message has been sent.
      </p>
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!message.trim()) return setError('Please tell the owner something about where you found it');
    setBusy(true);
    setFailure(null);
    const position = share ? await locateOnce() : null;
    const res = await api.post(
      `/api/found/${encodeURIComponent(qrCode)}/report`,
      {
        foundNotes: message.trim(),
        finderPhone: phoneForReport(phone, country),
        ...(position
          ? { latitude: position.latitude.toFixed(4), longitude: position.longitude.toFixed(4) }
          : {}),
        foundAt: new Date().toISOString(),
      },
      { auth: false },
    );
    setBusy(false);
    if (res.success) return setSent(true);
    setFailure(res.status === 429 && res.error ? res.error : SEND_FAILED);
  };

  return (
    <form className="unattached-form" onSubmit={(e) => void submit(e)} noValidate>
      <h2 className="unattached-form__title">Message the owner</h2>
      <TextAreaField
        label="Your message"
        placeholder="Tell the owner..."
        value={message}
        rows={3}
        maxLength={2000}
        required
        error={error}
        onChange={(e) => {
          setMessage(e.target.value);
          setError(null);
        }}
      />
      <div className="field">
        <label className="field__label" htmlFor="unattached-phone">
          Your phone number
        </label>
        <div className="unattached-form__phone">
          <select
            aria-label="Country code"
            className="field__input unattached-form__country"
            value={country}
            onChange={(e) => {
              const next = e.target.value as CountryCode;
              setCountry(next);
              setPhone((p) => formatPhoneAsTyped(p, next));
            }}
          >
            {options.map((o) => (
              <option key={o.country} value={o.country}>
                +{o.callingCode} {o.name}
              </option>
            ))}
          </select>
          <input
            id="unattached-phone"
            type="tel"
            className="field__input"
            autoComplete="tel-national"
            inputMode={country === 'US' ? 'numeric' : 'tel'}
            placeholder={country === 'US' ? '555-123-4567' : ''}
            maxLength={country === 'US' ? 12 : 24}
            value={phone}
            onChange={(e) => setPhone(formatPhoneAsTyped(e.target.value, country))}
          />
        </div>
        <p className="field__hint">Recommended, so the owner can thank you. Only the owner sees it.</p>
      </div>
      <label className="check-field">
        <input
          type="checkbox"
          className="check-field__input"
          checked={share}
          onChange={(e) => setShare(e.target.checked)}
        />
        <span className="check-field__label">Share your location once (recommended)</span>
      </label>
      {failure && (
        <p className="notice notice--error" role="alert">
          {failure}
        </p>
      )}
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={busy}
        aria-busy={busy || undefined}
      >
        {busy ? 'Sending...' : 'Message Owner'}
      </button>
    </form>
  );
}
