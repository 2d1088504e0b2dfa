/**
 * Whatever a number field holds, as a whole number in min … max: text that is not a number falls
 * back to `fallback` (PRODUCT.md, Validation: pages to print default 1, the test page's fields 1).
 */
export function clampWhole(value: unknown, min: number, max: number, fallback = min): number {
  const number = typeof value === 'string' ? (value.trim() === '' ? NaN : Number(value)) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) return fallback;
  return Math.min(max, Math.max(min, Math.trunc(number)));
}

/**
 * Page numbers from comma-separated text (PRODUCT.md, Validation): non-numbers and values outside
 * 1 … pageCount are dropped; duplicates once; ascending.
 */
export function parsePageNumbers(text: string, pageCount: number): number[] {
  const pages = new Set<number>();
  for (const part of text.split(',')) {
    const trimmed = part.trim();
    if (!/^\d+$/.test(trimmed)) continue;
    const page = Number(trimmed);
    if (page >= 1 && page <= pageCount) pages.add(page);
  }
  return [...pages].sort((a, b) => a - b);
}
