/**
 * The browser's print layout (the web print pages) prints the instance's SMS number as the PDF
 * does: "or text CODE to NUMBER" under the address on labels with room for a sixth line (Avery
 * 22805), "or text the code to" turned up the left of the symbol and the number down its right on
 * round labels (Avery 4221), at the PDF's positions and sizes; nothing without a number.
 */
import {
  fitSmsSides,
  getTemplate,
  labelContentLayout,
  labelMatrix,
  SMS_SIDE_FONT,
  SMS_SIDE_WORDS,
  smsLineText,
} from '@homing/label-layout';
import type { PrintSheetsRequest } from '@homing/shared';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PrintLayout } from './PrintLayout';

const NUMBER = '+1 555 010 0199';
const codes = ['K7M2P9QX4T', '8CWNC2KDP2'];
const request = (templateId: string, smsNumber: string | null): PrintSheetsRequest => ({
  title: 'Set',
  templateId,
  domainName: 'homing.example',
  brandWord: 'homing',
  smsNumber,
  sets: [{ setId: 'set-1', setName: 'Set 1', codes: codes.map((value) => ({ value })) }],
});
const smsLines = (markup: string) =>
  Array.from(markup.matchAll(/<text[^>]*class="print-label__sms"[^>]*>([^<]*)<\/text>/g), ([, text]) =>
    text.replace(/&#x27;/g, "'"),
  );
/** The turned side lines: each one's attributes and text. */
const sideLines = (markup: string) =>
  Array.from(
    markup.matchAll(/<text([^>]*class="print-label__sms-side"[^>]*)>([^<]*)<\/text>/g),
    ([, attrs, text]) => ({
      text,
      attrs: Object.fromEntries(Array.from(attrs.matchAll(/([\w-]+)="([^"]*)"/g), ([, k, v]) => [k, v])),
    }),
  );

describe('the SMS line in the browser print layout', () => {
  it('prints "or text CODE to NUMBER" under every label with room', () => {
    const markup = renderToStaticMarkup(<PrintLayout request={request('avery-22805', NUMBER)} />);
    expect(smsLines(markup)).toEqual(codes.map((code) => smsLineText(code, NUMBER)));
    expect(sideLines(markup)).toEqual([]);
  });

  it('on Avery 4221, turns "or text the code to" up the left side and the number down the right, as the PDF does', () => {
    const markup = renderToStaticMarkup(<PrintLayout request={request('avery-4221', NUMBER)} />);
    expect(smsLines(markup)).toEqual([]);
    const sides = sideLines(markup);
    expect(sides.map((side) => side.text)).toEqual(codes.flatMap(() => [SMS_SIDE_WORDS, NUMBER]));
    // The same geometry as the PDF: label-layout's side lines for this symbol.
    const template = getTemplate('avery-4221')!;
    const layout = labelContentLayout(template.labelDiameter, labelMatrix('homing.example', codes[0]).size, {
      smsLine: 'sides',
    });
    const { left, right } = fitSmsSides(layout.smsSides!, NUMBER)!;
    expect(left.fontSize).toBeCloseTo(SMS_SIDE_FONT * template.labelDiameter, 6);
    for (const [i, fitted] of [left, right].entries()) {
      const { attrs } = sides[i];
      expect(attrs.transform).toBe(fitted.line.reads === 'up' ? 'rotate(-90)' : 'rotate(90)');
      // Turned, the text's y is the label's x: the left line's baseline left of the quiet zone
      // (negative), the right one's (turned the other way) right of it.
      expect(Number(attrs.y)).toBeCloseTo(fitted.line.reads === 'up' ? fitted.baseline : -fitted.baseline, 6);
      expect(Number(attrs.y)).toBeLessThan(-(layout.qr.size / 2 + layout.qr.quietZone));
      expect(Number(attrs.x)).toBe(0);
      expect(attrs['text-anchor']).toBe('middle');
      expect(Number(attrs['font-size'])).toBeCloseTo(fitted.fontSize, 6);
      // Held to Helvetica's length, whatever font the browser has.
      expect(Number(attrs.textLength)).toBeCloseTo(fitted.width, 6);
      expect(attrs.lengthAdjust).toBe('spacingAndGlyphs');
    }
    expect(markup).toContain('homing.example');
  });

  it('prints a number configured without spaces grouped as people write it, as the PDF does', () => {
    const below = renderToStaticMarkup(<PrintLayout request={request('avery-22805', '+15550100199')} />);
    expect(smsLines(below)).toEqual(codes.map((code) => smsLineText(code, NUMBER)));
    const sides = renderToStaticMarkup(<PrintLayout request={request('avery-4221', '+15550100199')} />);
    expect(sideLines(sides).map((side) => side.text)).toEqual(codes.flatMap(() => [SMS_SIDE_WORDS, NUMBER]));
  });

  it('prints nothing without a number', () => {
    for (const id of ['avery-22805', 'avery-4221']) {
      const markup = renderToStaticMarkup(<PrintLayout request={request(id, null)} />);
      expect(smsLines(markup)).toEqual([]);
      expect(sideLines(markup)).toEqual([]);
      expect(markup).toContain('homing.example');
    }
  });
});
