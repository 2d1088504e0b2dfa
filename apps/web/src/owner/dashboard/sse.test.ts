import { describe, expect, it } from 'vitest';
import { createSseParser, reconnectDelay, type SseEvent } from './sse';

const parseAll = (chunks: string[]) => {
  const events: SseEvent[] = [];
  const parse = createSseParser((e) => events.push(e));
  chunks.forEach(parse);
  return events;
};

describe('createSseParser', () => {
  it('reads named events, skips comments and heartbeats', () => {
    expect(parseAll([': connected\n\n', 'event: found_report\ndata: {"id":"r1"}\n\n', ': ping\n\n'])).toEqual(
      [{ event: 'found_report', data: '{"id":"r1"}' }],
    );
  });

  it('copes with chunks split anywhere, CRLF included', () => {
    const text = 'event: found_event\r\ndata: {"a":1}\r\n\r\nevent: found_report\ndata: x\ndata: y\n\n';
    const oneByOne = parseAll([...text]);
    expect(oneByOne).toEqual([
      { event: 'found_event', data: '{"a":1}' },
      { event: 'found_report', data: 'x\ny' },
    ]);
    expect(parseAll([text])).toEqual(oneByOne);
  });

  it('names unnamed events message and waits for the blank line', () => {
    expect(parseAll(['data: hello\n'])).toEqual([]);
    expect(parseAll(['data:hello\n\n'])).toEqual([{ event: 'message', data: 'hello' }]);
  });
});

describe('reconnectDelay', () => {
  it('backs off exponentially up to 30 s', () => {
    expect([0, 1, 2, 3, 10].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 30_000]);
  });
});
