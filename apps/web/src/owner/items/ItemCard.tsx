import { formatDate } from '../format';
import type { Item } from '@homing/shared';
import { photoSrc } from '../apiBase';
import './LostMode.css';

export interface ItemCardProps {
  item: Item;
  apiBase: string;
  onEdit: () => void;
  onAssign: () => void;
  onDelete: () => void;
  /** Opens lost mode (PRODUCT.md, Lost mode). */
  onLost?: () => void;
  /** This item's assignment is being prepared. */
  preparing: boolean;
}

/** One item of the /items grid: photo, type, name, description, its label and actions. */
export function ItemCard({ item, apiBase, onEdit, onAssign, onDelete, onLost, preparing }: ItemCardProps) {
  const src = photoSrc(apiBase, item.photoUrl);
  const titleId = `item-${item.id}-name`;
  return (
    <article className="item-card owner-card" aria-labelledby={titleId} data-item-id={item.id}>
      <div className="item-card__media">
        {src ? (
          <img className="item-card__photo" src={src} alt={`Photo of ${item.name}`} loading="lazy" />
        ) : (
          <span className="item-card__placeholder" aria-hidden="true">
            {item.itemType.icon}
          </span>
        )}
        {item.lost ? (
          <span className={`item-card__status item-card__status--${item.lost.stolen ? 'stolen' : 'lost'}`}>
            {item.lost.stolen ? 'Stolen' : 'Lost'}
          </span>
        ) : (
          item.status !== 'active' && <span className="item-card__status">{statusLabel(item.status)}</span>
        )}
      </div>
      <div className="item-card__body">
        <p className="item-card__type">
          <span aria-hidden="true">{item.itemType.icon}</span> {item.itemType.displayName}
        </p>
        <h2 id={titleId} className="item-card__name">
          {item.name}
        </h2>
        {item.description && <p className="item-card__description">{item.description}</p>}
        {item.lost && (
          <p className="item-card__lost">
            Lost since {formatDate(item.lost.since)}: every scan alerts you.
            {item.lost.reward && <> Reward: {item.lost.reward}</>}
          </p>
        )}
        <p className="item-card__label">
          {item.qrCode ? (
            <>
              QR label <span className="code-chip">{item.qrCode}</span>
            </>
          ) : (
            <span className="item-card__nolabel">No QR label yet</span>
          )}
        </p>
      </div>
      <div className="item-card__actions">
        <button type="button" className="button button--secondary button--small" onClick={onEdit}>
          Edit
        </button>
        <button
          type="button"
          className={`button button--small ${item.qrCode ? 'button--secondary' : 'button--primary'}`}
          onClick={onAssign}
          disabled={preparing}
          aria-busy={preparing || undefined}
        >
          {preparing ? 'Preparing...' : item.qrCode ? 'Change QR Code' : 'Assign QR Code'}
        </button>
        {onLost && item.status !== 'inactive' && (
          <button type="button" className="button button--secondary button--small" onClick={onLost}>
            {item.lost ? 'Lost Mode' : 'Mark Lost'}
          </button>
        )}
        <button
          type="button"
          className="button button--ghost button--small item-card__delete"
          onClick={onDelete}
          aria-label={`Delete ${item.name}`}
          title="Delete"
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" className="item-card__delete-icon">
            <path
              d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.7"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </button>
      </div>
    </article>
  );
}

const statusLabel = (status: Item['status']) => (status === 'recovered' ? 'Recovered' : 'Inactive');
