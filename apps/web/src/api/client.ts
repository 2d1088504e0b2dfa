import type { Envelope } from '@homing/shared';
import { pickApiBase } from './apiBase';

/** The server's envelope `{success, data, error}` (plus any flattened keys) and the HTTP status. */
export type ApiResult<T> = Envelope<T> & { status: number; [extra: string]: unknown };

export interface RequestOptions {
  /** Send the stored bearer token (default true). Public calls may pass false. */
  auth?: boolean;
  /** Use this token instead of the stored one (e.g. logout after the local session is cleared). */
  token?: string;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export interface UploadOptions extends RequestOptions {
  method?: 'POST' | 'PUT';
}

export interface ApiClient {
  get<T = unknown>(path: string, options?: RequestOptions): Promise<ApiResult<T>>;
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<ApiResult<T>>;
  put<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<ApiResult<T>>;
  delete<T = unknown>(path: string, options?: RequestOptions): Promise<ApiResult<T>>;
  /** Multipart upload: the browser sets the boundary, so no Content-Type header is sent. */
  upload<T = unknown>(path: string, form: FormData, options?: UploadOptions): Promise<ApiResult<T>>;
  /** The base every path is joined to, from `GET /api/config` (empty: same origin). */
  baseUrl(): Promise<string>;
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  getToken(): string | null;
  /** Called on any 401 of a call that carried the current token: the session is over. */
  onUnauthorized(): void;
  pageOrigin?: string;
  /** Skip `GET /api/config` and use this base (tests, the print station). */
  baseUrl?: string;
}

export const NETWORK_ERROR = 'network_error';

const failure = (status: number, error: string, code: string): ApiResult<never> => ({
  success: false,
  data: null,
  error,
  code,
  status,
});

async function readEnvelope<T>(res: Response): Promise<ApiResult<T>> {
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (body && typeof body === 'object' && typeof (body as { success?: unknown }).success === 'boolean') {
    const envelope = body as Record<string, unknown>;
    if (envelope.success)
      return {
        ...envelope,
        success: true,
        data: (envelope.data ?? null) as T,
        error: null,
        status: res.status,
      };
    const error = typeof envelope.error === 'string' && envelope.error ? envelope.error : '';
    const code = typeof envelope.code === 'string' ? envelope.code : 'http_error';
    return { ...envelope, success: false, data: null, error, code, status: res.status };
  }
  if (res.ok) return { success: true, data: body as T, error: null, status: res.status };
  return failure(res.status, '', 'http_error');
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  let base: Promise<string> | null = deps.baseUrl !== undefined ? Promise.resolve(deps.baseUrl) : null;

  function baseUrl(): Promise<string> {
    base ??= deps
      .fetch('/api/config', { headers: { Accept: 'application/json' } })
      .then(async (res) => {
        const body = (await res.json()) as { apiUrl?: unknown; data?: { apiUrl?: unknown } };
        return pickApiBase(body.apiUrl ?? body.data?.apiUrl, deps.pageOrigin);
      })
      .catch((err: unknown) => {
        console.warn('Could not load /api/config; using this site for API calls', err);
        return '';
      });
    return base;
  }

  async function request<T>(
    method: string,
    path: string,
    body: BodyInit | undefined,
    json: boolean,
    options: RequestOptions = {},
  ): Promise<ApiResult<T>> {
    const url = /^https?:\/\//.test(path) ? path : `${await baseUrl()}${path}`;
    const token = options.auth === false ? null : (options.token ?? deps.getToken());
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    if (json) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    let res: Response;
    try {
      res = await deps.fetch(url, { method, headers, body, signal: options.signal });
    } catch (err) {
      if ((err as { name?: string }).name === 'AbortError') throw err;
      return failure(0, 'Network error', NETWORK_ERROR);
    }
    // A late 401 from an older token must not end a newer session.
    if (res.status === 401 && token && token === deps.getToken()) deps.onUnauthorized();
    return readEnvelope<T>(res);
  }

  const withBody = (value: unknown) => (value === undefined ? undefined : JSON.stringify(value));

  return {
    get: (path, options) => request('GET', path, undefined, false, options),
    post: (path, body, options) => request('POST', path, withBody(body), body !== undefined, options),
    put: (path, body, options) => request('PUT', path, withBody(body), body !== undefined, options),
    delete: (path, options) => request('DELETE', path, undefined, false, options),
    upload: (path, form, options) => request(options?.method ?? 'POST', path, form, false, options),
    baseUrl,
  };
}
