import type { AppConfig, QrCodeSetDetail, SessionUser } from '@homing/shared';
import { appConfig, authResult, markSetsPrintedResult, qrCodeSetDetail } from '@homing/shared';
import type { z } from 'zod';

/** An API call that failed; `message` is the server's `error` text when it sent one. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const NOT_ADMIN = 'This account is not an admin';

/** Loopback addresses, where plain http:// never leaves the machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    /^127(\.\d{1,3}){3}$/.test(host) ||
    /^::ffff:127(\.\d{1,3}){3}$/.test(host)
  );
}

export const HTTP_NOT_LOOPBACK =
  'Use https:// for this server: plain http:// is allowed only to this machine (localhost)';

/**
 * `http(s)://host[:port][/base]` without a trailing slash; anything else is refused. Plain http://
 * only to loopback: a password and a bearer token must not cross a network in clear.
 */
export function normalizeServerUrl(input: string): string {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new ApiError(`Not a server URL: ${input}`, 0, 'invalid_url');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ApiError('The server URL must start with http:// or https://', 0, 'invalid_url');
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname))
    throw new ApiError(HTTP_NOT_LOOPBACK, 0, 'insecure_url');
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

// Answers are parsed with the API's own schemas (packages/shared): a server that sends something
// else is refused with a message rather than half-understood.
export type StationSet = QrCodeSetDetail;
export type StationAppConfig = Pick<AppConfig, 'domainName' | 'brandWord' | 'smsNumber'>;

export interface LoginResult {
  readonly user: SessionUser;
  readonly token: string;
}

export interface StationApi {
  readonly serverUrl: string;
  login(identifier: string, password: string): Promise<LoginResult>;
  logout(): Promise<void>;
  getSet(id: string): Promise<StationSet>;
  getAppConfig(): Promise<StationAppConfig>;
  markSetsPrinted(setIds: readonly string[]): Promise<{ updatedCount: number }>;
  /** A raw call with the bearer token (the renderer's API calls go through main this way). */
  raw(method: string, path: string, body?: unknown): Promise<Response>;
}

export interface ApiClientOptions {
  readonly serverUrl: string;
  readonly token?: string | null;
  readonly fetch?: typeof fetch;
  /** Every call's time limit, answer included (default 30 s). */
  readonly timeoutMs?: number;
}

export const DEFAULT_API_TIMEOUT_MS = 30_000;

interface EnvelopeBody {
  success?: unknown;
  data?: unknown;
  error?: unknown;
  code?: unknown;
}

function parseBody(text: string): EnvelopeBody | null {
  try {
    const body: unknown = text ? JSON.parse(text) : null;
    return body && typeof body === 'object' ? (body as EnvelopeBody) : null;
  } catch {
    return null;
  }
}

async function envelope(res: Response, fallback: string, serverUrl: string): Promise<unknown> {
  let text: string;
  try {
    text = await res.text();
  } catch {
    throw new ApiError(`The server at ${serverUrl} stopped answering`, 0, 'timeout');
  }
  const body = parseBody(text);
  if (res.ok && body?.success !== false) return body && 'data' in body ? body.data : body;
  const error =
    typeof body?.error === 'string' && body.error ? body.error : `${fallback} (HTTP ${res.status})`;
  throw new ApiError(error, res.status, typeof body?.code === 'string' ? body.code : null);
}

function parsed<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new ApiError(`The server sent ${what} this station does not understand`, 200);
  return result.data;
}

/** The station's client for the Homing API: plain fetch, bearer token, the server's error texts. */
export function createApiClient(options: ApiClientOptions): StationApi {
  const serverUrl = normalizeServerUrl(options.serverUrl);
  const doFetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_API_TIMEOUT_MS;
  let token = options.token ?? null;

  async function raw(method: string, path: string, body?: unknown, bearer = token): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (bearer) headers.Authorization = `Bearer ${bearer}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    // The signal also bounds reading the body: a server that stalls mid-answer times out too.
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      return await doFetch(`${serverUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
    } catch (error) {
      if (signal.aborted)
        throw new ApiError(
          `The server at ${serverUrl} did not answer within ${timeoutMs < 1000 ? `${timeoutMs} ms` : `${Math.round(timeoutMs / 1000)} s`}`,
          0,
          'timeout',
        );
      const cause =
        error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : '';
      throw new ApiError(
        `Cannot reach the server at ${serverUrl}${cause ? `: ${cause}` : ''}`,
        0,
        'network_error',
      );
    }
  }

  const call = async (method: string, path: string, fallback: string, body?: unknown) =>
    envelope(await raw(method, path, body), fallback, serverUrl);

  return {
    serverUrl,
    raw: (method, path, body) => raw(method, path, body),

    async login(identifier, password) {
      const answer = await envelope(
        await raw('POST', '/api/auth/login', { identifier, password }, null),
        'Login failed',
        serverUrl,
      );
      const { user, sessionToken } = parsed(authResult, answer, 'a login answer');
      if (!user.isAdmin) {
        // Do not leave a session behind for an account the station will not use.
        await raw('POST', '/api/auth/logout', undefined, sessionToken).catch(() => undefined);
        throw new ApiError(NOT_ADMIN, 403, 'not_admin');
      }
      token = sessionToken;
      return { user, token: sessionToken };
    },

    async logout() {
      if (token) await call('POST', '/api/auth/logout', 'Logout failed').catch(() => undefined);
      token = null;
    },

    async getSet(id) {
      const answer = await call(
        'GET',
        `/api/admin/qr-sets/${encodeURIComponent(id)}`,
        'Failed to load set data for printing',
      );
      return parsed(qrCodeSetDetail, answer, 'a set');
    },

    async getAppConfig() {
      return parsed(
        appConfig.pick({ domainName: true, brandWord: true, smsNumber: true }),
        await call('GET', '/api/app-config', 'Failed to load the app configuration'),
        'a configuration',
      );
    },

    async markSetsPrinted(setIds) {
      const answer = await call(
        'POST',
        '/api/admin/qr-sets/mark-sets-printed',
        'Failed to mark sets as printed',
        {
          setIds,
        },
      );
      return parsed(markSetsPrintedResult, answer, 'an answer');
    },
  };
}
