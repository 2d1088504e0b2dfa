import { Link } from 'react-router-dom';

/**
 * The dashboard's first-run guide, shown while the owner has no items or no labels: where labels
 * come from, and the two ways to put one on an item. Each step says whether it is done.
 */
export function GettingStarted({ hasLabels, hasItems }: { hasLabels: boolean; hasItems: boolean }) {
  return (
    <section className="getting-started owner-card" aria-labelledby="getting-started-title">
      <h2 id="getting-started-title" className="getting-started__title">
        Getting started
      </h2>
      <ol className="getting-started__steps">
        <li className={hasLabels ? 'getting-started__step is-done' : 'getting-started__step'}>
          <p className="getting-started__head">Get your labels{hasLabels && <span> · done</span>}</p>
          <p>
            Labels come printed on a sheet. Scan any one of them with your phone&rsquo;s camera while signed
            in here and you can claim it, or the whole sheet at once. Claimed labels are counted below as
            &ldquo;Unallocated QR Codes&rdquo;.
          </p>
          {!hasLabels && (
            <p>
              No sheet yet? Ask whoever gave you this account, or an administrator of this service, for one.
            </p>
          )}
        </li>
        <li className={hasItems ? 'getting-started__step is-done' : 'getting-started__step'}>
          <p className="getting-started__head">
            Add the things you want back{hasItems && <span> · done</span>}
          </p>
          <p>A name, a type and a photo help a finder know they have the right thing.</p>
          {!hasItems && (
            <Link to="/create" className="button button--primary button--small">
              Add an item
            </Link>
          )}
        </li>
        <li className="getting-started__step">
          <p className="getting-started__head">Put a label on each item</p>
          <p>
            On <Link to="/items">My Items</Link>, choose &ldquo;Assign QR Code&rdquo; on an item, then scan
            the label you stuck on it, or pick one of your labels from the list. From then on, whoever finds
            it can reach you without seeing your contacts.
          </p>
        </li>
      </ol>
    </section>
  );
}
