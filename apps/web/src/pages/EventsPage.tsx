import { ComingSoon } from '../components/ComingSoon';

/** All found events, linked from the dashboard. Placeholder until the dashboard issue. */
export default function EventsPage() {
  return <ComingSoon title="Found Events">Every scan of your labels will be listed here.</ComingSoon>;
}
