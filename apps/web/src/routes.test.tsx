import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { APP_ROUTES } from './routes';

// Routing table (plus /events and /reports linked from the dashboard).
const EXPECTED: [string, 'public' | 'user' | 'admin'][] = [
  ['/', 'public'],
  ['/dashboard', 'user'],
  ['/items', 'user'],
  ['/create', 'user'],
  ['/qr/ABC123', 'public'],
  ['/found/ABC123', 'public'],
  ['/auth', 'public'],
  ['/auth/createAccount', 'public'],
  ['/auth/createaccount', 'public'],
  ['/auth/CreateAccount', 'public'],
  ['/test-bulk-print', 'public'],
  ['/admin', 'admin'],
  ['/admin/qr-codes', 'admin'],
  ['/admin/qr-sets', 'admin'],
  ['/admin/qr-codes/create', 'admin'],
  ['/admin/qr-bulk', 'user'],
  ['/events', 'user'],
  ['/reports', 'user'],
  ['/auth/forgot', 'public'],
  ['/auth/reset', 'public'],
  ['/auth/confirm-email', 'public'],
  ['/auth/undo-change', 'public'],
  ['/backup/confirm', 'public'],
  ['/settings/contacts', 'user'],
  // A finder conversation, from a report or the owner's e-mail.
  ['/reports/4f1c2d3e-0000-4000-8000-000000000001', 'user'],
];

const objects = APP_ROUTES.map((route) => ({ path: route.path, route }));

describe('routing table', () => {
  it.each(EXPECTED)('%s is %s', (path, access) => {
    const match = matchRoutes(objects, path);
    expect(match, path).not.toBeNull();
    expect(match!.at(-1)!.route.route.access).toBe(access);
  });

  it('serves the same screen on every auth path', () => {
    const page = (path: string) => matchRoutes(objects, path)!.at(-1)!.route.route.Page;
    expect(page('/auth/CreateAccount')).toBe(page('/auth'));
    expect(page('/admin/qr-bulk')).toBe(page('/admin/qr-codes/create'));
  });

  it('leaves unknown paths to the 404 page', () => {
    expect(matchRoutes(objects, '/no/such/page')).toBeNull();
  });
});
