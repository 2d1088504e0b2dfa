import { Link, useLocation } from 'react-router-dom';
import { useAuth } from '../auth/authContext';
import { useAppConfig } from '../config/configContext';
import { usePageTitle } from '../components/usePageTitle';
import { FeatureIcon, type FeatureIconName } from './home/FeatureIcon';
import { QrPreview } from './home/QrPreview';
import './HomePage.css';

const FEATURES: { icon: FeatureIconName; title: string; text: string }[] = [
  {
    icon: 'label',
    title: 'Smart QR Labels',
    text: 'Durable printed labels, each with its own code. Stick one on anything you would hate to lose.',
  },
  {
    icon: 'scan',
    title: 'Easy Scanning',
    text: 'A finder just points a phone camera at the label. No app and no account needed.',
  },
  {
    icon: 'shield',
    title: 'Privacy First',
    text: 'Finders message you through us. Your phone number and e-mail address stay private.',
  },
  {
    icon: 'bolt',
    title: 'Fast Recovery',
    text: 'Get the finder’s message, phone number and location the moment they reach out.',
  },
];

/** Landing page (PRODUCT.md, Screens). */
export default function HomePage() {
  const { brandName } = useAppConfig().config;
  const { isAuthenticated } = useAuth();
  // A message carried here by the page we came from (an account just deleted).
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  usePageTitle();
  return (
    <div className="home">
      {notice && (
        <p className="home-notice container" role="status">
          {notice}
        </p>
      )}
      <section className="home-hero" aria-labelledby="home-title">
        <div className="home-hero__inner container">
          <div className="home-hero__copy">
            <p className="home-hero__eyebrow">{brandName}</p>
            <h1 id="home-title" className="home-hero__title">
              Lost things find their way home
            </h1>
            <p className="home-hero__tagline">
              Smart QR labels for your keys, bags, pets and everything in between.
            </p>
            <p className="home-hero__promise">
              When someone scans your label you are <strong>notified immediately</strong>. And when you report
              the item as found by scanning the label again, we send you a <strong>free gift</strong>.
            </p>
            <div className="home-hero__actions">
              {isAuthenticated ? (
                <Link to="/create" className="button button--primary button--large">
                  Create QR Tag
                </Link>
              ) : (
                <>
                  <Link to="/auth/createaccount" className="button button--primary button--large">
                    Get started
                  </Link>
                  <Link to="/create" className="button button--secondary button--large">
                    Create QR Tag
                  </Link>
                </>
              )}
            </div>
            {!isAuthenticated && (
              <p className="home-hero__next">
                Make a free account, then scan one of your labels with your phone to claim it and name the
                thing it is on.
              </p>
            )}
          </div>
          <QrPreview />
        </div>
      </section>

      <section className="home-features container" aria-labelledby="features-title">
        <h2 id="features-title" className="home-features__title">
          How {brandName} helps
        </h2>
        <ul className="feature-grid">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="feature-card">
              <FeatureIcon name={feature.icon} />
              <h3 className="feature-card__title">{feature.title}</h3>
              <p className="feature-card__text">{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
