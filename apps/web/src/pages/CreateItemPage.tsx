import { ComingSoon } from '../components/ComingSoon';

/** Spec section 2, Create New Item (/create). Placeholder until the items issue. */
export default function CreateItemPage() {
  return (
    <ComingSoon title="Create New Item">
      Soon you can register an item here and attach a QR label to it.
    </ComingSoon>
  );
}
