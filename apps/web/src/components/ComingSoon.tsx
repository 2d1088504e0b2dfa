import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { usePageTitle } from './usePageTitle';
import './ComingSoon.css';

/** Placeholder for a screen that a later piece of work fills in. */
export function ComingSoon({ title, children }: { title: string; children?: ReactNode }) {
  usePageTitle(title);
  return (
    <section className="page container coming-soon" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        {title}
      </h1>
      <div className="coming-soon__card">
        <svg className="coming-soon__icon" viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <path d="M12 7v5l3 2" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
        <p className="coming-soon__lead">Coming soon</p>
        <p className="coming-soon__text">
          {children ?? 'We are still building this page. Please check back shortly.'}
        </p>
        <Link to="/" className="button button--secondary">
          Back to Home
        </Link>
      </div>
    </section>
  );
}
