import { usePageTitle } from '../components/usePageTitle';
import { ItemsView } from '../owner/items/ItemsView';

/** Spec section 2, My Items (/items). */
export default function ItemsPage() {
  usePageTitle('My Items');
  return (
    <section className="page container" aria-labelledby="page-title">
      <ItemsView />
    </section>
  );
}
