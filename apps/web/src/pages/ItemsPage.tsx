import { usePageTitle } from '../components/usePageTitle';
import { ItemsView } from '../owner/items/ItemsView';

/** My Items (/items). */
export default function ItemsPage() {
  usePageTitle('My Items');
  return (
    <section className="page container" aria-labelledby="page-title">
      <ItemsView />
    </section>
  );
}
