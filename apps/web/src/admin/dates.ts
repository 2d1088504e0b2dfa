/** MM-DD-YYYY in the viewer's time zone (PRODUCT.md, Limits). */
export function formatDate(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getMonth() + 1)}-${two(date.getDate())}-${date.getFullYear()}`;
}
