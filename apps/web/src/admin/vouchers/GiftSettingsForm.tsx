import type { GiftSettings } from '@homing/shared';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { TextField } from '../../components/TextField';
import { useAdminServices } from '../AdminServices';
import { errorText } from '../adminApi';

const LOAD_FAILED = 'Failed to load the gift settings';
const SAVE_FAILED = 'Failed to save the gift settings. Please try again.';

/**
 * What owners are told about the gift (PRODUCT.md, Recovery): what it is, how and where to redeem it, how long a
 * voucher lasts, and how many gifts an account may get in a month (PRODUCT.md, Recovery). The server checks it
 * (giftSettingsRequest) and its message is shown as it is.
 */
export function GiftSettingsForm() {
  const { admin } = useAdminServices();
  const [form, setForm] = useState<Record<keyof GiftSettings, string> | null>(null);
  const [notice, setNotice] = useState<{ text: string; failed: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const descriptionId = useId();
  const howId = useId();

  useEffect(() => {
    let cancelled = false;
    void admin.giftSettings().then((r) => {
      if (cancelled) return;
      if (!r.success) return setNotice({ text: errorText(r, LOAD_FAILED), failed: true });
      const s = r.data.settings;
      setForm({
        description: s.description,
        howToRedeem: s.howToRedeem,
        redeemUrl: s.redeemUrl ?? '',
        validDays: String(s.validDays),
        monthlyLimit: String(s.monthlyLimit),
      });
    });
    return () => {
      cancelled = true;
    };
  }, [admin]);

  if (!form) return notice ? <p className="form-message form-message--error">{notice.text}</p> : null;
  const set = (key: keyof GiftSettings) => (e: { target: { value: string } }) =>
    setForm({ ...form, [key]: e.target.value });

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setNotice(null);
    const r = await admin.saveGiftSettings({
      description: form.description,
      howToRedeem: form.howToRedeem,
      redeemUrl: form.redeemUrl,
      validDays: Number(form.validDays),
      monthlyLimit: Number(form.monthlyLimit),
    });
    setBusy(false);
    setNotice(
      r.success
        ? { text: 'Gift settings saved. Vouchers issued from now on follow them.', failed: false }
        : { text: errorText(r, SAVE_FAILED), failed: true },
    );
  };

  return (
    <section className="gift-settings" aria-labelledby={titleId}>
      <h2 id={titleId} className="gift-settings__title">
        The gift, as owners read it
      </h2>
      <form className="gift-settings__form" noValidate onSubmit={(e) => void save(e)}>
        <div className="field">
          <label htmlFor={descriptionId} className="field__label">
            What the gift is
          </label>
          <textarea
            id={descriptionId}
            className="field__input"
            rows={2}
            maxLength={500}
            value={form.description}
            onChange={set('description')}
          />
        </div>
        <div className="field">
          <label htmlFor={howId} className="field__label">
            How to redeem it
          </label>
          <textarea
            id={howId}
            className="field__input"
            rows={2}
            maxLength={500}
            value={form.howToRedeem}
            onChange={set('howToRedeem')}
          />
        </div>
        <TextField
          label="Redemption link"
          labelNote="(optional)"
          type="url"
          hint="Where owners redeem it, shown as a link beside the voucher."
          value={form.redeemUrl}
          onChange={set('redeemUrl')}
        />
        <TextField
          label="Vouchers last (days)"
          type="number"
          min={1}
          max={3650}
          value={form.validDays}
          onChange={set('validDays')}
        />
        <TextField
          label="Gifts per account per month"
          type="number"
          min={1}
          max={50}
          value={form.monthlyLimit}
          onChange={set('monthlyLimit')}
        />
        {notice && (
          <p
            className={`form-message ${notice.failed ? 'form-message--error' : 'form-message--success'}`}
            role={notice.failed ? 'alert' : 'status'}
          >
            {notice.text}
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Saving...' : 'Save gift settings'}
        </button>
      </form>
    </section>
  );
}
