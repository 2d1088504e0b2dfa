/**
 * The Template dropdown says what an admin should know of the chosen label before printing on it:
 * a QR that phones read only from close up, and an SMS number the label cannot carry.
 */
import type { PrintTemplate } from '@homing/shared';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TemplateSelect, templateNotes } from './TemplateSelect';

const round: PrintTemplate = {
  id: 'avery-4221',
  name: '3/4" Round',
  description: 'Avery 4221',
  labelsPerSheet: 80,
  noSmsLine: null,
  qrReadNote: null,
};
const small: PrintTemplate = {
  ...round,
  id: 'brother-dk-11221',
  name: 'Brother DK-11221 23 mm Square',
  labelsPerSheet: 1,
  qrReadNote: 'zxing-wasm reads 15 % at 100 px per 3/4 in.',
  noSmsLine: 'the number is 60 pt long at the smallest type, the label has room for 40 pt',
};
const select = (value: string) =>
  renderToStaticMarkup(
    <TemplateSelect id="tpl" templates={[round, small]} value={value} onChange={() => {}} />,
  );

describe('TemplateSelect', () => {
  it('says nothing more for a label that reads well and carries the number', () => {
    expect(templateNotes(round)).toEqual([]);
    expect(select('avery-4221')).not.toContain('aria-describedby');
  });

  it("names a label's weaker QR and a number it cannot carry, tied to the dropdown", () => {
    expect(templateNotes(small)).toEqual([
      "Phones read this label's QR code only from closer than the others. zxing-wasm reads 15 % at 100 px per 3/4 in.",
      'This label cannot carry the SMS number: the number is 60 pt long at the smallest type, the label has room for 40 pt.',
    ]);
    const markup = select('brother-dk-11221');
    expect(markup).toContain('aria-describedby="tpl-notes"');
    expect(markup).toContain('<div id="tpl-notes" class="field__hint"><p>Phones read');
  });
});
