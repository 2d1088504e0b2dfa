import { ComingSoon } from '../components/ComingSoon';

/** Spec section 2, My Items (/items). Placeholder until the items issue. */
export default function ItemsPage() {
  return (
    <ComingSoon title="My Items">Your registered items and their QR labels will appear here.</ComingSoon>
  );
}
