import { useState, type FormEvent } from 'react';
import type { Item, ItemType } from '@homing/shared';
import { Dialog } from '../../components/Dialog';
import { TextField } from '../../components/TextField';
import { photoSrc } from '../apiBase';
import { describeFailure, type Failure } from '../failure';
import { ItemTypeSelect, TextAreaField } from '../fields';
import { checkItemFields, type ItemFieldErrors } from '../itemForm';
import { FailureNotice } from '../Notice';
import { ownerApi } from '../ownerApi';
import { fitPhoto } from '../photoFit';
import { PhotoPicker } from '../PhotoPicker';

export const UPDATE_FAILED = 'Failed to update item';
export const UPLOAD_FAILED = 'Failed to upload photo';
export const PHOTO_NOT_ADDED = 'Your item was created without its photo. You can choose another one here.';
export const REMOVE_LABEL_FAILED = 'Failed to remove the QR label';

export interface ItemEditDialogProps {
  item: Item;
  itemTypes: ItemType[];
  apiBase: string;
  onClose: () => void;
  /** Saved: the list reloads and the dialog closes (PRODUCT.md, States). */
  onSaved: () => void;
  /**
   * A new photo or a removed label is stored at once; the card shows it even if the dialog is then
   * cancelled.
   */
  onChanged: (item: Item) => void;
  /** The item was just created without its photo, which the server refused for this reason. */
  photoRefused?: string | null;
  /** Asks for a pending assignment; on success the page closes this dialog for the scan dialog. */
  onAssign: () => void;
  preparing: boolean;
  /** 'Failed to prepare QR code scanning...' when the request came from this dialog. */
  prepareFailure: Failure | null;
}

/**
 * The edit dialog of /items: type, name (required), description, photo, whether finders can reach
 * the owner through the label (an inactive item's scans say so), and the QR label itself.
 */
export function ItemEditDialog(props: ItemEditDialogProps) {
  const { item, itemTypes, apiBase, onClose, onSaved, onChanged, onAssign, preparing } = props;
  const [fields, setFields] = useState({
    itemTypeId: item.itemType.id,
    name: item.name,
    description: item.description,
  });
  const [reachable, setReachable] = useState(item.status !== 'inactive');
  const [photoUrl, setPhotoUrl] = useState(item.photoUrl);
  const [removePhoto, setRemovePhoto] = useState(false);
  const [errors, setErrors] = useState<ItemFieldErrors>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [photoFailure, setPhotoFailure] = useState<Failure | null>(() =>
    props.photoRefused == null
      ? null
      : { message: PHOTO_NOT_ADDED, detail: props.photoRefused.trim() || null },
  );
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [labelFailure, setLabelFailure] = useState<Failure | null>(null);
  const busy = saving || uploading || removing;
  // The item's own type stays selectable even if the list of types no longer has it.
  const types = itemTypes.some((t) => t.id === item.itemType.id) ? itemTypes : [item.itemType, ...itemTypes];

  const set = (key: keyof typeof fields) => (value: string) => {
    setFields((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const upload = async (file: File) => {
    setPhotoFailure(null);
    setUploading(true);
    const result = await ownerApi.uploadPhoto(item.id, await fitPhoto(file));
    setUploading(false);
    const updated = result.success ? result.data?.item : undefined;
    if (!updated) {
      console.error('Failed to upload photo', result.status, result.error);
      return setPhotoFailure(describeFailure(result, UPLOAD_FAILED));
    }
    setPhotoUrl(updated.photoUrl);
    setRemovePhoto(false);
    onChanged(updated);
  };

  const removeLabel = async () => {
    setLabelFailure(null);
    setRemoving(true);
    const result = await ownerApi.removeCode(item.id);
    setRemoving(false);
    const updated = result.success ? result.data?.item : undefined;
    if (!updated) {
      console.error('Failed to remove the QR label', result.status, result.error);
      return setLabelFailure(describeFailure(result, REMOVE_LABEL_FAILED));
    }
    onChanged(updated);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = checkItemFields(fields);
    if (!checked.ok) return setErrors(checked.errors);
    setFailure(null);
    setSaving(true);
    const result = await ownerApi.updateItem(item.id, {
      ...checked.values,
      ...(removePhoto ? { photoUrl: null } : {}),
      // Only a change is sent, so a recovered item keeps its status.
      ...(reachable !== (item.status !== 'inactive') ? { status: reachable ? 'active' : 'inactive' } : {}),
    });
    if (result.success) return onSaved();
    console.error('Failed to update item', result.status, result.error);
    setFailure(describeFailure(result, UPDATE_FAILED));
    setSaving(false);
  };

  const formId = `edit-item-${item.id}`;
  return (
    <Dialog
      open
      onClose={() => !busy && onClose()}
      title="Edit Item"
      size="medium"
      className="item-edit"
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button
            type="submit"
            form={formId}
            className="button button--primary"
            disabled={busy}
            aria-busy={saving}
          >
            {saving ? 'Saving...' : 'Save Changes'}
          </button>
        </>
      }
    >
      <form id={formId} className="item-edit__form" onSubmit={onSubmit} noValidate>
        <TextField
          label="Item Name"
          value={fields.name}
          error={errors.name}
          onChange={(e) => set('name')(e.target.value)}
          required
          autoComplete="off"
        />
        <ItemTypeSelect
          itemTypes={types}
          value={fields.itemTypeId}
          error={errors.itemTypeId}
          onChange={(e) => set('itemTypeId')(e.target.value)}
        />
        <TextAreaField
          label="Description"
          labelNote="(optional)"
          value={fields.description}
          error={errors.description}
          onChange={(e) => set('description')(e.target.value)}
          rows={3}
        />
        <PhotoPicker
          previewUrl={removePhoto ? null : photoSrc(apiBase, photoUrl)}
          onPick={(file) => void upload(file)}
          onRemove={() => setRemovePhoto(true)}
          busy={uploading}
        />
        <FailureNotice failure={photoFailure} />
        <section className="item-edit__label" aria-label="QR label">
          <div>
            <p className="field__label">QR Label</p>
            <p className="item-edit__label-text">
              {item.qrCode ? (
                <>
                  This item carries <span className="code-chip">{item.qrCode}</span>
                </>
              ) : (
                'No QR label on this item yet.'
              )}
            </p>
          </div>
          <div className="item-edit__label-actions">
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={onAssign}
              disabled={busy || preparing}
              aria-busy={preparing || undefined}
            >
              {preparing ? 'Preparing...' : item.qrCode ? 'Change QR Code' : 'Assign QR Code'}
            </button>
            {item.qrCode && (
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => void removeLabel()}
                disabled={busy || preparing}
                aria-busy={removing || undefined}
              >
                {removing ? 'Removing...' : 'Remove QR Code'}
              </button>
            )}
          </div>
        </section>
        <div className="check-field">
          <input
            id={`${formId}-reachable`}
            type="checkbox"
            className="check-field__input"
            checked={reachable}
            onChange={(e) => setReachable(e.target.checked)}
          />
          <label htmlFor={`${formId}-reachable`} className="check-field__label">
            Finders can message me through this label
            <span className="check-field__hint">
              Untick while you don't need it: a scan then says the item is not active.
            </span>
          </label>
        </div>
        <FailureNotice failure={labelFailure} />
        <FailureNotice failure={props.prepareFailure} />
        <FailureNotice failure={failure} />
      </form>
    </Dialog>
  );
}
