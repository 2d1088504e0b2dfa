import { Outlet, ScrollRestoration } from 'react-router-dom';
import { OwnerAlertsProvider } from '../owner/alerts/OwnerAlerts';
import { Footer } from './Footer';
import { Header } from './Header';
import { useRouteFocus } from './routeFocus';
import './AppLayout.css';

/** The app shell around every screen. Print styles hide it (see styles/print.css). */
export function AppLayout() {
  useRouteFocus('main');
  return (
    <OwnerAlertsProvider>
      <div className="app-shell">
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <Header />
        <main id="main" className="app-main" tabIndex={-1}>
          <Outlet />
        </main>
        <Footer />
        <ScrollRestoration />
      </div>
    </OwnerAlertsProvider>
  );
}
