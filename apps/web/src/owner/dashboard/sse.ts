/** One server-sent event: its type (`message` when unnamed) and its data lines joined. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * A streaming parser for text/event-stream (the WHATWG rules that matter here): chunks may split
 * lines anywhere; `event:` names the event, `data:` lines are joined with newlines, a blank line
 * dispatches, lines starting with `:` are comments (the server's heartbeats).
 */
export function createSseParser(onEvent: (event: SseEvent) => void) {
  let buffer = '';
  let event = '';
  let data: string[] = [];

  const line = (text: string) => {
    if (text === '') {
      if (data.length) onEvent({ event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  };

  return (chunk: string) => {
    buffer += chunk;
    for (;;) {
      const match = /\r\n|\r|\n/.exec(buffer);
      if (!match) break;
      // A '\r' at the very end may be the first half of '\r\n': wait for the next chunk.
      if (match[0] === '\r' && match.index === buffer.length - 1) break;
      line(buffer.slice(0, match.index));
      buffer = buffer.slice(match.index + match[0].length);
    }
  };
}

/** Wait before reconnect attempt n (0-based): 1 s, 2 s, 4 s ... at most 30 s. */
export const reconnectDelay = (attempt: number) => Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
