import { useState } from 'react';
import type { QrCodeSetSummary } from '@homing/shared';
import type { AdminApi } from '../adminApi';
import { formatDate } from '../dates';
import { ProgressBars } from './ProgressBars';
import { SetCodes } from './SetCodes';
import { SET_STATUS_TEXT, canPrint, canRelease, canSplit, setProgress, setStatus } from './setTree';

export const setDisplayName = (set: Pick<QrCodeSetSummary, 'name'>) => set.name.trim() || 'Unnamed Set';

export interface SetActions {
  /** The set whose action is running, if any. */
  busySetId: string | null;
  onPrint(set: QrCodeSetSummary): void;
  onSplit(set: QrCodeSetSummary): void;
  onRelease(set: QrCodeSetSummary): void;
  onDownload(set: QrCodeSetSummary): void;
}

interface SetRowProps {
  set: QrCodeSetSummary;
  /** For a child: its parent, named after the row as "(from parent name)". */
  parent?: QrCodeSetSummary;
  childSets?: QrCodeSetSummary[];
  expanded?: boolean;
  onToggleChildren?: () => void;
  actions: SetActions;
  admin: AdminApi;
}

/** One set of the list: name, counts, date, status, the four bars and the actions it allows. */
export function SetRow({
  set,
  parent,
  childSets = [],
  expanded,
  onToggleChildren,
  actions,
  admin,
}: SetRowProps) {
  const [showCodes, setShowCodes] = useState(false);
  const status = setStatus(set);
  const busy = actions.busySetId === set.id;
  const anyBusy = actions.busySetId !== null;
  const childCount = childSets.length;
  const Heading = parent ? 'h3' : 'h2';
  return (
    <div className={`set-row${parent ? ' set-row--child' : ''}`} data-set-id={set.id}>
      <div className="set-row__head">
        <div className="set-row__title">
          {/* Headings in order under the page's h1: a top-level set is an h2, its children h3. */}
          <Heading className="set-row__name">
            {setDisplayName(set)}
            {parent && <span className="set-row__parent"> (from {setDisplayName(parent)})</span>}
          </Heading>
          <p className="set-row__meta">
            <span>{set.codeCount} codes</span>
            <span>Created: {formatDate(set.createdAt)}</span>
            {!parent && <span>{childCount} child sets</span>}
            <span className={`badge badge--set-${status}`}>{SET_STATUS_TEXT[status]}</span>
          </p>
        </div>
        <div className="set-row__actions">
          {canPrint(set) && (
            <button
              type="button"
              className="button button--primary button--small"
              disabled={anyBusy}
              onClick={() => actions.onPrint(set)}
            >
              {busy ? 'Printing...' : 'Print'}
            </button>
          )}
          {canSplit(set) && (
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={anyBusy}
              onClick={() => actions.onSplit(set)}
            >
              Split...
            </button>
          )}
          {canRelease(set) && (
            <button
              type="button"
              className="button button--primary button--small"
              disabled={anyBusy}
              onClick={() => actions.onRelease(set)}
            >
              {busy ? 'Releasing...' : 'Release'}
            </button>
          )}
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => actions.onDownload(set)}
          >
            Download PDF
          </button>
        </div>
      </div>
      <ProgressBars progress={setProgress(set, childSets)} />
      <div className="set-row__toggles">
        {childCount > 0 && onToggleChildren && (
          <button type="button" className="link-button" aria-expanded={expanded} onClick={onToggleChildren}>
            {expanded ? `Hide ${childCount} child sets` : `View ${childCount} child sets`}
          </button>
        )}
        <button
          type="button"
          className="link-button"
          aria-expanded={showCodes}
          onClick={() => setShowCodes(!showCodes)}
        >
          {showCodes ? 'Hide codes' : 'Show codes'}
        </button>
      </div>
      {showCodes && <SetCodes setId={set.id} admin={admin} />}
      {expanded && childCount > 0 && (
        // It scrolls beyond 200 px, so it takes focus: the arrow keys then scroll it.
        <div
          className="set-children"
          role="region"
          tabIndex={0}
          aria-label={`Child sets of ${setDisplayName(set)}`}
        >
          {childSets.map((child) => (
            <SetRow key={child.id} set={child} parent={set} actions={actions} admin={admin} />
          ))}
        </div>
      )}
    </div>
  );
}
