import type { FinderLocale } from '@homing/shared';

/** A code as printed, in its two groups ("K7M2P 9QX4T"). */
export const printedCode = (value: string) => `${value.slice(0, 5)} ${value.slice(5)}`;

/**
 * A label on no item as its finder reads it, in the finder's language (PRODUCT.md, Conversations):
 * "the label K7M2P 9QX4T", never the owner's list name ("Label … (not attached)", English and the
 * owner's own business). French keeps the straight apostrophe, which SMS sends in GSM-7.
 */
export function finderLabelName(value: string, locale: FinderLocale) {
  const code = printedCode(value);
  return (
    { en: `the label ${code}`, es: `la etiqueta ${code}`, fr: `l'étiquette ${code}` }[locale] ??
    `the label ${code}`
  );
}

/** The item's name as its owner wrote it, or for a label on no item its finder's name for it. */
export function finderItemName(
  row: { itemName: string; unattached: boolean; qrCode: string | null },
  locale: FinderLocale,
) {
  return row.unattached && row.qrCode ? finderLabelName(row.qrCode, locale) : row.itemName;
}
