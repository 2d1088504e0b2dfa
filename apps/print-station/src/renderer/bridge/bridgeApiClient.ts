import type { ApiClient } from '@homing/web/admin';
import { createApiClient } from '@homing/web/admin';
import type { ApiRequest, StationBridge } from '../../shared/bridge';

/**
 * The web app's API client (the admin screens' own), with its fetch routed through the bridge:
 * in Electron, main makes the call with the session's token, so the page never holds it.
 */
export function bridgeApiClient(bridge: Pick<StationBridge, 'api'>, onSignedOut: () => void): ApiClient {
  const fetchThroughBridge = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const path =
      typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'POST')
      throw new TypeError(`The station does not send ${method} requests`);
    const request: ApiRequest = { method, path };
    if (typeof init.body === 'string') request.body = JSON.parse(init.body);
    const reply = await bridge.api(request);
    if (reply.status === 401) onSignedOut();
    return new Response(reply.body, {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return createApiClient({
    fetch: fetchThroughBridge as typeof fetch,
    // No token on this side: main adds it. Sign-out on 401 is handled above.
    getToken: () => null,
    onUnauthorized: () => undefined,
    baseUrl: '',
  });
}
