import { useEffect, useRef, useState } from 'react';
import { api, sessionStore } from '../../api';
import { createSseParser, reconnectDelay, type SseEvent } from './sse';

export type LiveStatus = 'connecting' | 'live' | 'offline';

/**
 * The signed-in owner's live events (GET /api/users/me/events), read with fetch so the bearer
 * token travels in a header, never in a URL. Reconnects with backoff; `onReconnect` runs after a
 * gap so the caller can reload what it may have missed; everything stops on unmount.
 */
export function useOwnerEvents(
  token: string | null,
  onEvent: (event: SseEvent) => void,
  onReconnect?: () => void,
): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const handlers = useRef({ onEvent, onReconnect });
  useEffect(() => {
    handlers.current = { onEvent, onReconnect };
  });

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let connectedBefore = false;

    const connect = async () => {
      try {
        const base = await api.baseUrl();
        const res = await fetch(`${base}/api/users/me/events`, {
          headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
          cache: 'no-store',
          signal: controller.signal,
        });
        if (res.status === 401) {
          // The session is over, as for any other call (PRODUCT.md, States).
          if (sessionStore.token() === token) sessionStore.clear();
          return;
        }
        if (!res.ok || !res.body) throw new Error(`event stream answered ${res.status}`);
        if (connectedBefore) handlers.current.onReconnect?.();
        connectedBefore = true;
        attempt = 0;
        setStatus('live');
        const reader = res.body.getReader();
        const decoder = new TextDecoder();
        const parse = createSseParser((event) => handlers.current.onEvent(event));
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          parse(decoder.decode(value, { stream: true }));
        }
      } catch (err) {
        if (controller.signal.aborted) return;
        console.warn('Live updates interrupted', err);
      }
      if (controller.signal.aborted) return;
      setStatus('offline');
      timer = setTimeout(() => void connect(), reconnectDelay(attempt++));
    };

    void connect();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [token]);

  return status;
}
