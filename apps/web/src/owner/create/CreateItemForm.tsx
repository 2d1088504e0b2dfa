import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ItemType } from '@homing/shared';
import { ErrorState, LoadingState } from '../../components/StateViews';
import { TextField } from '../../components/TextField';
import { describeFailure, type Failure } from '../failure';
import { ItemTypeSelect, TextAreaField } from '../fields';
import { checkItemFields, createItemForm, type ItemFieldErrors } from '../itemForm';
import { FailureNotice } from '../Notice';
import { ownerApi } from '../ownerApi';
import { fitPhoto, isPhotoRefusal } from '../photoFit';
import { PhotoPicker, useFilePreview } from '../PhotoPicker';
import './CreateItemForm.css';

export const CREATE_FAILED = 'Failed to create item. Please try again.';
const TYPES_FAILED = 'Failed to fetch item types';

type TypesState = { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; itemTypes: ItemType[] };

/** /create (PRODUCT.md, Screens): type, name, description, optional photo; then /items?edit={id}. */
export function CreateItemForm() {
  const navigate = useNavigate();
  const [types, setTypes] = useState<TypesState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [fields, setFields] = useState({ itemTypeId: '', name: '', description: '' });
  const [photo, setPhoto] = useState<File | null>(null);
  const [errors, setErrors] = useState<ItemFieldErrors>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);
  const previewUrl = useFilePreview(photo);

  useEffect(() => {
    let cancelled = false;
    void ownerApi.itemTypes().then((result) => {
      if (cancelled) return;
      const itemTypes = result.success ? (result.data?.itemTypes ?? []) : [];
      if (!itemTypes.length) return setTypes({ kind: 'error' });
      setTypes({ kind: 'ready', itemTypes });
      // The first type is preselected (spec).
      setFields((f) => (f.itemTypeId ? f : { ...f, itemTypeId: itemTypes[0]!.id }));
    });
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  const set = (key: keyof typeof fields) => (value: string) => {
    setFields((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = checkItemFields(fields);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setFailure(null);
    setBusy(true);
    const upload = photo && (await fitPhoto(photo));
    let result = await ownerApi.createItem(createItemForm(checked.values, upload));
    // A photo the server refuses never costs the item: it is created without it, and the edit
    // dialog it opens in says why, beside the photo picker, so another photo can be chosen.
    let photoRefused: string | null = null;
    if (!result.success && upload && isPhotoRefusal(result.status)) {
      photoRefused = typeof result.error === 'string' ? result.error : '';
      result = await ownerApi.createItem(createItemForm(checked.values, null));
    }
    const item = result.success ? result.data?.item : undefined;
    if (item)
      return navigate(
        `/items?edit=${encodeURIComponent(item.id)}`,
        photoRefused === null ? undefined : { state: { photoRefused } },
      );
    console.error('Failed to create item', result.status, result.error);
    setFailure(describeFailure(result, CREATE_FAILED));
    setBusy(false);
  };

  if (types.kind === 'loading') return <LoadingState label="Loading item types..." />;
  if (types.kind === 'error')
    return (
      <ErrorState
        message={TYPES_FAILED}
        onRetry={() => {
          setTypes({ kind: 'loading' });
          setAttempt((n) => n + 1);
        }}
      />
    );

  return (
    <form className="create-item owner-card" onSubmit={onSubmit} noValidate aria-label="Create New Item">
      <ItemTypeSelect
        itemTypes={types.itemTypes}
        value={fields.itemTypeId}
        error={errors.itemTypeId}
        onChange={(e) => set('itemTypeId')(e.target.value)}
        disabled={busy}
      />
      <TextField
        label="Item Name"
        value={fields.name}
        error={errors.name}
        onChange={(e) => set('name')(e.target.value)}
        placeholder="e.g. House keys"
        autoComplete="off"
        required
        disabled={busy}
      />
      <TextAreaField
        label="Description"
        labelNote="(optional)"
        value={fields.description}
        error={errors.description}
        onChange={(e) => set('description')(e.target.value)}
        placeholder="Anything that helps a finder recognise it"
        rows={4}
        disabled={busy}
      />
      <PhotoPicker
        previewUrl={previewUrl}
        onPick={(file) => {
          setPhoto(file);
          setFailure(null);
        }}
        onRemove={() => setPhoto(null)}
        disabled={busy}
      />
      <FailureNotice failure={failure} />
      <div className="create-item__actions">
        <button
          type="submit"
          className="button button--primary button--large"
          disabled={busy}
          aria-busy={busy}
        >
          {busy ? 'Creating Item...' : 'Create Item'}
        </button>
      </div>
    </form>
  );
}
