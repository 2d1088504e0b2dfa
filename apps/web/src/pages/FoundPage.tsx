import { ComingSoon } from '../components/ComingSoon';

/** Spec section 2, Finder page (/found/:qrCode). Placeholder until the finder issue. */
export default function FoundPage() {
  return (
    <ComingSoon title="Found Item">
      Thank you for helping! Soon you can message the owner of this item from here.
    </ComingSoon>
  );
}
