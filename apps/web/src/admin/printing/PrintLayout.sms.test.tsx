/**
 * The browser's print layout (the web print pages) prints the instance's SMS number as the PDF
 * does: "or text CODE to NUMBER" under the address on labels with room, nothing without a number
 * or on a label without room (Avery 4221).
 */
import { smsLineText } from '@homing/label-layout';
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

describe('the SMS line in the browser print layout', () => {
  it('prints "or text CODE to NUMBER" under every label with room', () => {
    const markup = renderToStaticMarkup(<PrintLayout request={request('avery-22805', NUMBER)} />);
    expect(smsLines(markup)).toEqual(codes.map((code) => smsLineText(code, NUMBER)));
  });

  it('prints nothing without a number, nor on Avery 4221', () => {
    expect(smsLines(renderToStaticMarkup(<PrintLayout request={request('avery-22805', null)} />))).toEqual(
      [],
    );
    const small = renderToStaticMarkup(<PrintLayout request={request('avery-4221', NUMBER)} />);
    expect(smsLines(small)).toEqual([]);
    expect(small).toContain('homing.example');
  });
});
