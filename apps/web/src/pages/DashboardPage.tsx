import { usePageTitle } from '../components/usePageTitle';
import { DashboardView } from '../owner/dashboard/DashboardView';

/** Dashboard (/dashboard). */
export default function DashboardPage() {
  usePageTitle('Dashboard');
  return (
    <section className="page container" aria-labelledby="page-title">
      <DashboardView />
    </section>
  );
}
