import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { PEER_URL } from './peerPorts';

export const PASSWORD = 'correct-horse-42';

const random = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/** A fresh e-mail per test: the database lives for the whole run. */
export const uniqueEmail = (tag = 'user') => `${tag}-${random()}@example.com`;

/**
 * A fresh 10-digit US number (area code 2xx-9xx), as a user would type it; never a premium line
 * (900, 976), which sign-up refuses.
 */
export function uniquePhone(): string {
  const digits = () => Math.floor(Math.random() * 10);
  let area = '900';
  while (area === '900' || area === '976')
    area = `${2 + Math.floor(Math.random() * 8)}${digits()}${digits()}`;
  return `${area}${2 + Math.floor(Math.random() * 8)}${Array.from({ length: 6 }, digits).join('')}`;
}

export interface SessionUser {
  id: string;
  name: string | null;
  email: string | null;
  phoneNumber: string | null;
  isAdmin: boolean;
  createdAt: string;
}

/** Registers through the API, the way the form does. */
export async function registerViaApi(
  request: APIRequestContext,
  body: { email?: string; phoneNumber?: string; name?: string; password?: string; smsOptIn?: boolean } = {},
) {
  const payload = { password: PASSWORD, ...body };
  if (!payload.email && !payload.phoneNumber) payload.email = uniqueEmail();
  const res = await request.post('/api/auth/register', { data: payload });
  expect(res.status(), await res.text()).toBe(201);
  const json = (await res.json()) as { user: SessionUser; sessionToken: string };
  return { ...json, email: payload.email, password: payload.password };
}

/** Puts a session in localStorage (as a successful login does) and opens `path`. */
export async function openSignedIn(
  page: Page,
  session: { user: SessionUser; sessionToken: string },
  path: string,
) {
  await page.goto('/404-blank-for-storage');
  await page.evaluate(({ user, sessionToken }) => {
    localStorage.setItem('sessionToken', sessionToken);
    localStorage.setItem('currentUser', JSON.stringify(user));
  }, session);
  await page.goto(path);
}

export const storedSession = (page: Page) =>
  page.evaluate(() => ({
    sessionToken: localStorage.getItem('sessionToken'),
    currentUser: localStorage.getItem('currentUser'),
  }));

/** Locators of the auth form. */
export function authForm(page: Page) {
  return {
    contact: page.getByLabel('Email or phone number'),
    password: page.getByLabel('Password', { exact: true }),
    firstName: page.getByLabel('First name'),
    lastName: page.getByLabel('Last name'),
    smsOptIn: page.getByRole('checkbox', { name: /receive text messages/ }),
    submit: page.locator('form button[type="submit"]'),
    alert: page.locator('form [role="alert"]'),
  };
}

export const header = (page: Page) => page.locator('header.site-header');
export const userMenuButton = (page: Page) => header(page).locator('button[aria-haspopup="menu"]');

/**
 * The e2e server lists this contact in HOMING_BOOTSTRAP_ADMINS (playwright.config.ts), so it is an
 * admin from registration on: the admin CLI cannot open the running server's locked data folder.
 */
export const E2E_ADMIN_EMAIL = 'e2e-admin@homing.test';

/** The run's admin session: registered by whichever test needs it first, logged in after that. */
export async function adminSession(request: APIRequestContext) {
  const register = await request.post('/api/auth/register', {
    data: { email: E2E_ADMIN_EMAIL, password: PASSWORD, name: 'E2E Admin' },
  });
  // Once registered, a sign-up with the address answers without a session (it never says the
  // account exists, and is limited per address): log in instead.
  const registered =
    register.status() === 201 && !!((await register.json()) as { sessionToken?: string }).sessionToken;
  const res = registered
    ? register
    : await request.post('/api/auth/login', { data: { identifier: E2E_ADMIN_EMAIL, password: PASSWORD } });
  expect(res.ok(), await res.text()).toBe(true);
  const session = (await res.json()) as { user: SessionUser; sessionToken: string };
  expect(session.user.isAdmin, 'HOMING_BOOTSTRAP_ADMINS must list the e2e admin').toBe(true);
  return session;
}

/** A call with a bearer token; fails the test unless it succeeds. Returns the envelope's data. */
export async function apiAs<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const res = await request.fetch(path, { method, data, headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

/** A mail the browser tests' SMTP peer received, and a text its Twilio peer received (peers.ts). */
export type Mail = { to: string[]; text: string };
export type Text = { to: string; body: string };

/** What the peers received (tests/e2e/peers.ts), polled until `pick` finds it. */
export async function waitForPeer<T>(
  request: APIRequestContext,
  path: '/mails' | '/texts',
  pick: (items: T[]) => T | undefined,
): Promise<T> {
  let found: T | undefined;
  await expect
    .poll(async () => {
      found = pick((await (await request.get(`${PEER_URL}${path}`)).json()) as T[]);
      return !!found;
    })
    .toBe(true);
  return found!;
}
