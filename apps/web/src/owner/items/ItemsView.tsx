import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { Item, PendingAssignment } from '@homing/shared';
import { useAuth } from '../../auth/authContext';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState, ErrorState, LoadingState } from '../../components/StateViews';
import { useApiBase } from '../apiBase';
import { describeFailure, type Failure } from '../failure';
import { FailureNotice, SuccessNotice } from '../Notice';
import { ownerApi } from '../ownerApi';
import { ItemCard } from './ItemCard';
import { ItemEditDialog } from './ItemEditDialog';
import { LostModeDialog } from './LostModeDialog';
import { claimMessage, editParam, photoRefusal, withoutEditParam } from './itemsList';
import { QrAssignmentDialog } from './QrAssignmentDialog';
import { PREPARE_FAILED } from './usePendingAssignment';
import { LOAD_FAILED, useItemsList } from './useItemsList';
import '../owner.css';
import './ItemsView.css';

export const DELETE_FAILED = 'Failed to delete item';

/** My Items (/items, PRODUCT.md, Screens and States). */
export function ItemsView() {
  const { isAuthenticated } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const list = useItemsList(isAuthenticated);
  const apiBase = useApiBase();
  const [notice, setNotice] = useState(() => claimMessage(location.state));
  // For the edit dialog that ?edit= opens: the new item's photo was refused, and why.
  const [refusedPhoto, setRefusedPhoto] = useState(() => {
    const reason = photoRefusal(location.state);
    return reason === null ? null : { itemId: editParam(searchParams), reason };
  });
  const [editing, setEditing] = useState<Item | null>(null);
  const [assigning, setAssigning] = useState<{ item: Item; pending: PendingAssignment } | null>(null);
  const [deleting, setDeleting] = useState<Item | null>(null);
  const [lostItem, setLostItem] = useState<Item | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [preparing, setPreparing] = useState<string | null>(null);
  const [prepareFailure, setPrepareFailure] = useState<{ itemId: string; failure: Failure } | null>(null);
  const editHandled = useRef<string | null>(null);

  // The claim's message is shown once: a reload or Back does not bring it again.
  useEffect(() => {
    if (location.state)
      navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [location, navigate]);

  // ?edit=<id>: open that item's edit dialog once the list is loaded, then drop the parameter.
  // An id that is not (or no longer) the owner's opens nothing and leaves the address alone.
  const editId = editParam(searchParams);
  useEffect(() => {
    if (!editId) editHandled.current = null;
    if (!editId || list.status !== 'ready' || editHandled.current === editId) return;
    editHandled.current = editId;
    const loaded = list.items.find((i) => i.id === editId);
    const lookup = loaded
      ? Promise.resolve(loaded)
      : ownerApi.item(editId).then((r) => (r.success ? (r.data?.item ?? null) : null));
    void lookup.then((item) => {
      if (!item) return;
      setEditing(item);
      setSearchParams((current) => withoutEditParam(current), { replace: true });
    });
  }, [editId, list.status, list.items, setSearchParams]);

  const prepare = async (item: Item) => {
    setPreparing(item.id);
    setPrepareFailure(null);
    const result = await ownerApi.createPending(item.id);
    setPreparing(null);
    if (!result.success || !result.data) {
      console.error('Failed to prepare QR code scanning', result.status, result.error);
      return setPrepareFailure({ itemId: item.id, failure: describeFailure(result, PREPARE_FAILED) });
    }
    // A pending assignment closes the edit dialog and opens the scan dialog (PRODUCT.md, States).
    setEditing(null);
    setAssigning({ item, pending: result.data });
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    setFailure(null);
    const result = await ownerApi.deleteItem(deleting.id);
    setDeleteBusy(false);
    setDeleting(null);
    if (!result.success) {
      console.error('Failed to delete item', result.status, result.error);
      return setFailure(describeFailure(result, DELETE_FAILED));
    }
    list.removeLocal(deleting.id);
    void list.reload();
  };

  if (!isAuthenticated)
    return (
      <EmptyState
        title="Please log in to view your items"
        action={
          <Link to="/auth?returnUrl=%2Fitems" className="button button--primary">
            Login
          </Link>
        }
      />
    );

  return (
    <>
      <div className="owner-head">
        <h1 id="page-title" className="page__title">
          My Items
        </h1>
        <Link to="/create" className="button button--primary">
          <span aria-hidden="true">+</span> Add New Item
        </Link>
      </div>
      <div className="owner-stack items-notices">
        {notice && <SuccessNotice onDismiss={() => setNotice(null)}>{notice}</SuccessNotice>}
        <FailureNotice failure={failure} />
        {!editing && <FailureNotice failure={prepareFailure?.failure ?? null} />}
      </div>

      {list.status === 'loading' && <LoadingState label="Loading your items..." />}
      {list.status === 'error' && <ErrorState message={LOAD_FAILED} onRetry={list.retry} />}
      {list.status === 'ready' && list.items.length === 0 && (
        <EmptyState
          title="No items yet"
          action={
            <Link to="/create" className="button button--primary">
              Add New Item
            </Link>
          }
        >
          Register your first item, then put one of your QR labels on it.
        </EmptyState>
      )}
      {list.status === 'ready' && list.items.length > 0 && (
        <>
          <div className="items-grid">
            {list.items.map((item) => (
              <ItemCard
                key={item.id}
                item={item}
                apiBase={apiBase}
                onEdit={() => {
                  setPrepareFailure(null);
                  setEditing(item);
                }}
                onAssign={() => void prepare(item)}
                onDelete={() => setDeleting(item)}
                onLost={() => setLostItem(item)}
                preparing={preparing === item.id}
              />
            ))}
          </div>
          {(list.hasMore || list.moreError) && (
            <div className="owner-more">
              {list.moreError && <p className="owner-more__error">{list.moreError}</p>}
              {list.hasMore && (
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => void list.loadMore()}
                  disabled={list.loadingMore}
                  aria-busy={list.loadingMore || undefined}
                >
                  {list.loadingMore ? 'Loading...' : 'Load More Items'}
                </button>
              )}
            </div>
          )}
        </>
      )}

      {editing && (
        <ItemEditDialog
          key={editing.id}
          item={editing}
          photoRefused={refusedPhoto?.itemId === editing.id ? refusedPhoto.reason : null}
          itemTypes={list.itemTypes}
          apiBase={apiBase}
          onClose={() => {
            setEditing(null);
            setRefusedPhoto(null);
          }}
          onSaved={() => {
            setEditing(null);
            void list.reload();
          }}
          onChanged={(item) => {
            list.updateLocal(item);
            setEditing(item);
          }}
          onAssign={() => void prepare(editing)}
          preparing={preparing === editing.id}
          prepareFailure={prepareFailure?.itemId === editing.id ? prepareFailure.failure : null}
        />
      )}
      {lostItem && (
        <LostModeDialog
          key={lostItem.id}
          item={lostItem}
          onClose={() => setLostItem(null)}
          onChanged={(item) => list.updateLocal(item)}
        />
      )}
      {assigning && (
        <QrAssignmentDialog
          item={assigning.item}
          pending={assigning.pending}
          onClose={() => setAssigning(null)}
          onAssigned={() => void list.reload()}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Item"
        message={`Are you sure you want to delete “${deleting?.name ?? ''}”? Its QR label stays yours and can go on another item.`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={deleteBusy}
        tone="danger"
        onConfirm={() => void confirmDelete()}
        onCancel={() => !deleteBusy && setDeleting(null)}
      />
    </>
  );
}
