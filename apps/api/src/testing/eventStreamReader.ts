import { WAIT_MS } from './patience';

export interface StreamEvent {
  event: string;
  data: Record<string, unknown>;
  /** The event's whole block as it arrived (`event:` and `data:` lines). */
  raw: string;
}

/**
 * Reads a server-sent-event response as it arrives, as a browser's EventSource would: each
 * `event:`/`data:` block (JSON data) is pushed to `events`; `waitFor(n)` waits (up to WAIT_MS) until
 * n have arrived; `close()` ends the read.
 */
export function readEventStream(res: Response) {
  const reader = res.body!.getReader();
  const events: StreamEvent[] = [];
  let buffer = '';
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += new TextDecoder().decode(value);
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.+)$/m.exec(block)?.[1];
        const data = /^data: (.+)$/m.exec(block)?.[1];
        if (event && data)
          events.push({ event, data: JSON.parse(data) as Record<string, unknown>, raw: block });
      }
    }
  })();
  return {
    events,
    async waitFor(n: number) {
      const until = Date.now() + WAIT_MS;
      while (events.length < n && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      return events;
    },
    close: () => reader.cancel(),
  };
}
