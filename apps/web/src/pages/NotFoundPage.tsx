import { Link } from 'react-router-dom';
import { usePageTitle } from '../components/usePageTitle';

export default function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <section className="page container not-found" aria-labelledby="page-title">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 id="page-title" className="page__title">
        Page not found
      </h1>
      <p className="page__lead">This page seems to have wandered off. Let&apos;s get you back home.</p>
      <Link to="/" className="button button--primary">
        Go Home
      </Link>
    </section>
  );
}
