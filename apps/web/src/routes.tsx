import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { Guard } from './auth/Guard';
import type { RouteAccess } from './auth/guards';
import { AppLayout } from './components/AppLayout';
import AuthPage from './pages/AuthPage';
import BackupConfirmPage from './pages/BackupConfirmPage';
import ConfirmEmailPage from './pages/ConfirmEmailPage';
import UndoChangePage from './pages/UndoChangePage';
import ContactsPage from './pages/ContactsPage';
import CreateItemPage from './pages/CreateItemPage';
import DashboardPage from './pages/DashboardPage';
import EventsPage from './pages/EventsPage';
import FoundPage from './pages/FoundPage';
import ForgotPasswordPage from './pages/ForgotPasswordPage';
import HomePage from './pages/HomePage';
import ItemsPage from './pages/ItemsPage';
import NotFoundPage from './pages/NotFoundPage';
import { LoadingState } from './components/StateViews';
import QrScanPage from './pages/QrScanPage';
import ReportsPage from './pages/ReportsPage';
import ResetPasswordPage from './pages/ResetPasswordPage';
import SettingsPage from './pages/SettingsPage';
import ReportThreadPage from './pages/ReportThreadPage';

export interface AppRoute {
  path: string;
  access: RouteAccess;
  Page: ComponentType | LazyExoticComponent<ComponentType>;
}

// The admin and print screens (with the label renderer) load on first use: owners and visitors
// never download them.
const AdminGiftVouchersPage = lazy(() => import('./pages/AdminGiftVouchersPage'));
const AdminHomePage = lazy(() => import('./pages/AdminHomePage'));
const AdminQrCodesPage = lazy(() => import('./pages/AdminQrCodesPage'));
const AdminQrPrintPage = lazy(() => import('./pages/AdminQrPrintPage'));
const AdminQrSetsPage = lazy(() => import('./pages/AdminQrSetsPage'));
const TestBulkPrintPage = lazy(() => import('./pages/TestBulkPrintPage'));

/**
 * The routing table in PRODUCT.md (Screens). Paths match case-insensitively (React Router's default),
 * so /auth/createAccount also serves /auth/createaccount and /auth/CreateAccount.
 */
export const APP_ROUTES: AppRoute[] = [
  { path: '/', access: 'public', Page: HomePage },
  { path: '/dashboard', access: 'user', Page: DashboardPage },
  { path: '/items', access: 'user', Page: ItemsPage },
  { path: '/create', access: 'user', Page: CreateItemPage },
  { path: '/events', access: 'user', Page: EventsPage },
  { path: '/reports', access: 'user', Page: ReportsPage },
  { path: '/settings', access: 'user', Page: SettingsPage },
  { path: '/reports/:id', access: 'user', Page: ReportThreadPage },
  { path: '/qr', access: 'public', Page: QrScanPage },
  { path: '/qr/:qrCode', access: 'public', Page: QrScanPage },
  { path: '/found/:qrCode', access: 'public', Page: FoundPage },
  { path: '/auth', access: 'public', Page: AuthPage },
  { path: '/auth/createAccount', access: 'public', Page: AuthPage },
  // Password recovery and contact confirmation (owner accounts).
  { path: '/auth/forgot', access: 'public', Page: ForgotPasswordPage },
  { path: '/auth/reset', access: 'public', Page: ResetPasswordPage },
  { path: '/auth/confirm-email', access: 'public', Page: ConfirmEmailPage },
  { path: '/auth/undo-change', access: 'public', Page: UndoChangePage },
  { path: '/backup/confirm', access: 'public', Page: BackupConfirmPage },
  { path: '/settings/contacts', access: 'user', Page: ContactsPage },
  { path: '/test-bulk-print', access: 'public', Page: TestBulkPrintPage },
  { path: '/admin', access: 'admin', Page: AdminHomePage },
  { path: '/admin/qr-codes', access: 'admin', Page: AdminQrCodesPage },
  { path: '/admin/qr-sets', access: 'admin', Page: AdminQrSetsPage },
  { path: '/admin/qr-codes/create', access: 'admin', Page: AdminQrPrintPage },
  { path: '/admin/gift-vouchers', access: 'admin', Page: AdminGiftVouchersPage },
  // Spec: the same bulk print screen, guarded by sign-in only.
  { path: '/admin/qr-bulk', access: 'user', Page: AdminQrPrintPage },
];

export function routeObjects(routes: AppRoute[] = APP_ROUTES): RouteObject[] {
  return [
    {
      element: <AppLayout />,
      children: [
        ...routes.map(({ path, access, Page }) => ({
          path,
          element: (
            <Guard access={access}>
              <Suspense fallback={<LoadingState />}>
                <Page />
              </Suspense>
            </Guard>
          ),
        })),
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

export const createAppRouter = () => createBrowserRouter(routeObjects());
