const pad = (n: number) => String(n).padStart(2, '0');

const parse = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/** PRODUCT.md, Limits: dates display as MM-DD-YYYY (in the viewer's time zone). */
export function formatDate(value: string | Date): string {
  const d = parse(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${pad(d.getMonth() + 1)}-${pad(d.getDate())}-${d.getFullYear()}`;
}

/** MM-DD-YYYY and a 24-hour time, for found events and reports. */
export function formatDateTime(value: string | Date): string {
  const d = parse(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${formatDate(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Time left as m:ss (never negative), for the pending assignment's expiry. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(total / 60)}:${pad(total % 60)}`;
}

/** "1 QR code" / "3 QR codes". */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
