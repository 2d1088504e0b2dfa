import { usePageTitle } from '../components/usePageTitle';
import { FoundReportsList } from '../owner/dashboard/ActivityListView';

/** The full list behind the dashboard's View All link. */
export default function ReportsPage() {
  usePageTitle('Found Reports');
  return (
    <section className="page container" aria-labelledby="page-title">
      <FoundReportsList />
    </section>
  );
}
