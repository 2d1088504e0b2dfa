// Spec section 5, finder phone: digits only, at most 10, shown as 555-123-4567.
export const FINDER_PHONE_MAX_LENGTH = 12;

export function formatFinderPhone(input: string): string {
  const d = input.replace(/\D/g, '').slice(0, 10);
  if (d.length <= 3) return d;
  if (d.length <= 6) return `${d.slice(0, 3)}-${d.slice(3)}`;
  return `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`;
}

/** Sent as +1 and 10 digits only when exactly 10 digits were typed, otherwise empty. */
export function finderPhoneForReport(display: string): string {
  const d = display.replace(/\D/g, '');
  return d.length === 10 ? `+1${d}` : '';
}
