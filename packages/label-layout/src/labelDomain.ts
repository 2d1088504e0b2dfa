import { HELVETICA_WIDTHS } from './helveticaWidths';
import { labelContentLayout, MIN_TEXT_NARROWING, MIN_TEXT_SCALE } from './labelContent';
import { labelQrText } from './qr/matrix';
import { labelSymbolLevel, MAX_LABEL_VERSION } from './symbolChoice';
import { templates } from './templates';

/** A code as long as the API makes them (codeValues.ts): the URL's length is what matters. */
const SAMPLE_CODE = 'K7M2P9QX4T';

/**
 * Why a domain cannot go on the labels, or null when it can: its address line must fit every
 * template's label in full (smaller and narrower, never cut), and its URL must stay within the
 * symbol version the benchmark accepted at some error correction level. Said at configuration
 * (the API refuses to start), not discovered on a printed sheet.
 */
export function labelDomainProblem(domainName: string): string | null {
  if (labelSymbolLevel(labelQrText(domainName, SAMPLE_CODE)) === null)
    return (
      `The domain ${domainName} is too long for the labels: its QR code would need a version above ` +
      `${MAX_LABEL_VERSION}, with modules too small to scan from arm's length`
    );
  const width = Array.from(domainName).reduce((sum, char) => sum + (HELVETICA_WIDTHS[char] ?? 722), 0) / 1000;
  for (const template of templates) {
    const { address } = labelContentLayout(template.labelDiameter, 29);
    const narrowest = width * address.fontSize * MIN_TEXT_SCALE * MIN_TEXT_NARROWING;
    if (narrowest > address.maxWidth)
      return `The domain ${domainName} is too long to print in full on ${template.name} labels`;
  }
  return null;
}
