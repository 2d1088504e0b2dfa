import { Link } from 'react-router-dom';
import { usePageTitle } from '../components/usePageTitle';
import '../admin/admin.css';
import './admin/AdminHomePage.css';

const CARDS = [
  {
    title: 'Manage QR Codes',
    text: 'See how many codes are printed, claimed and assigned, and print new label sheets.',
    to: '/admin/qr-codes',
  },
  {
    title: 'QR Code Sets',
    text: 'Create sets, print them, split printed sets and release their parts to owners.',
    to: '/admin/qr-sets',
  },
  { title: 'Analytics', text: 'Scans and found reports over time.', to: null },
  { title: 'User Management', text: 'Accounts and admin rights.', to: null },
] as const;

/** Admin home: four cards, the last two disabled (Coming Soon). */
export default function AdminHomePage() {
  usePageTitle('Admin');
  return (
    <section className="page container" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        Admin
      </h1>
      <ul className="admin-cards">
        {CARDS.map((card) =>
          card.to ? (
            <li key={card.title}>
              <Link to={card.to} className="admin-card">
                <h2 className="admin-card__title">{card.title}</h2>
                <p className="admin-card__text">{card.text}</p>
              </Link>
            </li>
          ) : (
            <li key={card.title}>
              <div className="admin-card admin-card--disabled" aria-disabled="true">
                <h2 className="admin-card__title">{card.title}</h2>
                <p className="admin-card__text">{card.text}</p>
                <span className="badge">Coming Soon</span>
              </div>
            </li>
          ),
        )}
      </ul>
      {/* Not a fifth card: the spec's home has four. */}
      <p className="admin-home__more">
        <Link to="/admin/gift-vouchers">Gift vouchers</Link>: the gifts issued to owners, and voiding one.
      </p>
    </section>
  );
}
