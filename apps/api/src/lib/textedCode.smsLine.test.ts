import { smsLineText } from '@homing/label-layout';
import { CODE_ALPHABET, CODE_LENGTH } from '@homing/shared';
import { describe, expect, it } from 'vitest';
import { parseTextedCode } from './textedCode';

/** The CODE of a label's "or text CODE to NUMBER" line, as a finder copies it into a text. */
const printedCodeOfLine = (line: string) => /^or text (.+) to \+/.exec(line)![1]!;

describe('the code printed in the SMS line', () => {
  it('is read by the inbound parser as is, check symbol and all, with or without the brand word', () => {
    for (let i = 0; i < 200; i++) {
      const code = Array.from(
        { length: CODE_LENGTH },
        () => CODE_ALPHABET[Math.floor(Math.random() * CODE_ALPHABET.length)],
      ).join('');
      const typed = printedCodeOfLine(smsLineText(code, '+1 555 010 0199'));
      expect(typed).toMatch(/^\S{5} \S{5}-\S$/);
      for (const text of [`${typed} found your keys`, `homing ${typed.toLowerCase()} found your keys`])
        expect(parseTextedCode(text, ['homing'])).toMatchObject({
          kind: 'code',
          code,
          message: 'found your keys',
        });
    }
  });
});
