import { ComingSoon } from '../components/ComingSoon';

/** All finder reports, linked from the dashboard. Placeholder until the dashboard issue. */
export default function ReportsPage() {
  return (
    <ComingSoon title="Found Reports">
      Messages from people who found your items will be listed here.
    </ComingSoon>
  );
}
