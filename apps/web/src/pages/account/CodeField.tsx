import type { Ref } from 'react';
import { TextField } from '../../components/TextField';

/** The 6-digit code from a text message: digits only, filled in by the phone's one-time-code offer. */
export function CodeField({
  value,
  onChange,
  error,
  ref,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  ref?: Ref<HTMLInputElement>;
}) {
  return (
    <TextField
      ref={ref}
      label="6-digit code"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={6}
      value={value}
      error={error}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, 6))}
    />
  );
}

export const checkCode = (code: string) => (/^\d{6}$/.test(code) ? null : 'Enter the 6-digit code');
