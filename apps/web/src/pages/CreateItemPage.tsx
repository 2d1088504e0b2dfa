import { usePageTitle } from '../components/usePageTitle';
import { CreateItemForm } from '../owner/create/CreateItemForm';

/** Create New Item (/create). */
export default function CreateItemPage() {
  usePageTitle('Create New Item');
  return (
    <section className="page container" aria-labelledby="page-title">
      <div className="owner-head">
        <h1 id="page-title" className="page__title">
          Create New Item
        </h1>
        <p className="owner-head__lead">
          Register something you would hate to lose. You can attach a QR label to it next.
        </p>
      </div>
      <CreateItemForm />
    </section>
  );
}
