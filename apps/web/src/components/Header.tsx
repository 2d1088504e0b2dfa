import { Link, NavLink } from 'react-router-dom';
import { useAuth } from '../auth/authContext';
import { useAppConfig } from '../config/configContext';
import { useOwnerAlertCount } from '../owner/alerts/OwnerAlerts';
import { BrandMark } from './BrandMark';
import { UserMenu } from './UserMenu';
import './Header.css';

const navClass = ({ isActive }: { isActive: boolean }) => `site-nav__link${isActive ? ' is-active' : ''}`;

/**
 * App shell header (PRODUCT.md, Screens): brand, Home / Dashboard / My Items, Login or the user menu;
 * and the way to the finder's code form, for whoever found something.
 */
export function Header() {
  const { status, isAuthenticated } = useAuth();
  const { brandName } = useAppConfig().config;
  const unseen = useOwnerAlertCount();
  return (
    <header className="site-header">
      <div className="site-header__inner container">
        <Link to="/" className="brand" aria-label={`${brandName} home`}>
          <BrandMark />
          <span className="brand__name">{brandName}</span>
        </Link>
        <nav className="site-nav" aria-label="Main">
          <NavLink to="/" end className={navClass}>
            Home
          </NavLink>
          {isAuthenticated && (
            <>
              <NavLink to="/dashboard" className={navClass}>
                Dashboard
                {unseen > 0 && (
                  <span className="site-nav__count" data-testid="unseen-count">
                    {unseen}
                    <span className="visually-hidden"> new {unseen === 1 ? 'message' : 'messages'}</span>
                  </span>
                )}
              </NavLink>
              <NavLink to="/items" className={navClass}>
                My Items
              </NavLink>
            </>
          )}
          {/* The finder's front door (its own light page, so a full load): type a label's code. */}
          <a href="/found" className="site-nav__link">
            Found something?
          </a>
        </nav>
        <div className="site-header__actions">
          {status === 'checking' ? (
            <span className="site-header__pending" aria-hidden="true" />
          ) : isAuthenticated ? (
            <UserMenu />
          ) : (
            <Link to="/auth" className="button button--primary button--small">
              Login
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
