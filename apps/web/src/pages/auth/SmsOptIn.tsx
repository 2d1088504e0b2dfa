import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';

interface Props {
  checked: boolean;
  onChange: (checked: boolean) => void;
  brandName: string;
}

/**
 * The SMS opt-in in PRODUCT.md (Validation). Unticking asks first: Cancel keeps the opt-in,
 * 'Continue without SMS' leaves it unticked.
 */
export function SmsOptIn({ checked, onChange, brandName }: Props) {
  const [asking, setAsking] = useState(false);
  return (
    <div className="check-field">
      <input
        id="sms-opt-in"
        type="checkbox"
        className="check-field__input"
        checked={checked}
        onChange={(event) => {
          if (event.target.checked) onChange(true);
          else setAsking(true);
        }}
      />
      <label htmlFor="sms-opt-in" className="check-field__label">
        I agree to receive text messages from {brandName} about my items. Message and data rates may apply.
        Reply STOP to opt out at any time.
      </label>
      <ConfirmDialog
        open={asking}
        title="SMS Notifications Recommended"
        message="If we can't contact you, you won't receive updates when your item is found. Consider using email as an alternative."
        cancelLabel="Cancel"
        confirmLabel="Continue without SMS"
        onCancel={() => {
          setAsking(false);
          onChange(true);
        }}
        onConfirm={() => {
          setAsking(false);
          onChange(false);
        }}
      />
    </div>
  );
}
