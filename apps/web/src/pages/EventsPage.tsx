import { usePageTitle } from '../components/usePageTitle';
import { FoundEventsList } from '../owner/dashboard/ActivityListView';

/** The full list behind the dashboard's View All link. */
export default function EventsPage() {
  usePageTitle('Found Events');
  return (
    <section className="page container" aria-labelledby="page-title">
      <FoundEventsList />
    </section>
  );
}
