import { ComingSoon } from '../components/ComingSoon';

/** Spec section 2, Dashboard (/dashboard). Placeholder until the dashboard issue. */
export default function DashboardPage() {
  return (
    <ComingSoon title="Dashboard">
      Your recent found events, finder reports and QR codes will appear here.
    </ComingSoon>
  );
}
