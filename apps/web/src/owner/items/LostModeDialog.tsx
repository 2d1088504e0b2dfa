import { useState, type FormEvent } from 'react';
import { LOST_MESSAGE_MAX, LOST_MESSAGES, LOST_REWARD_MAX, type Item } from '@homing/shared';
import { Dialog } from '../../components/Dialog';
import { TextField } from '../../components/TextField';
import { describeFailure, type Failure } from '../failure';
import { TextAreaField } from '../fields';
import { FailureNotice } from '../Notice';
import { ownerApi } from '../ownerApi';
import './LostMode.css';

export const LOST_SAVE_FAILED = 'Failed to update lost mode';

/**
 * Lost mode (PRODUCT.md, Lost mode): the owner says the item is missing (or stolen), with a message and an
 * optional reward that finders read on the label's page; every scan then alerts the owner at once.
 * Marking the item recovered, or "It's back" here, ends it.
 */
export function LostModeDialog({
  item,
  onClose,
  onChanged,
}: {
  item: Item;
  onClose: () => void;
  onChanged: (item: Item) => void;
}) {
  const lost = item.lost ?? null;
  const [message, setMessage] = useState(lost?.message ?? 'Please message me through this page. Thank you!');
  const [reward, setReward] = useState(lost?.reward ?? '');
  const [stolen, setStolen] = useState(lost?.stolen ?? false);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState<'save' | 'end' | null>(null);

  const finish = (result: Awaited<ReturnType<typeof ownerApi.markLost>>) => {
    setBusy(null);
    const updated = result.success ? result.data?.item : undefined;
    if (!updated) return setFailure(describeFailure(result, LOST_SAVE_FAILED));
    onChanged(updated);
    onClose();
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!message.trim()) return setError(LOST_MESSAGES.messageRequired);
    setFailure(null);
    setBusy('save');
    finish(await ownerApi.markLost(item.id, { message, reward, stolen }));
  };
  const end = async () => {
    setFailure(null);
    setBusy('end');
    finish(await ownerApi.endLost(item.id));
  };

  return (
    <Dialog
      open
      onClose={() => !busy && onClose()}
      title={lost ? `${item.name} is lost` : `Mark ${item.name} as lost`}
      description="Anyone who scans its label sees your message, and you are alerted at once on every scan."
      size="medium"
      footer={
        <div className="lost-dialog__footer">
          {lost && (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void end()}
              disabled={!!busy}
            >
              {busy === 'end' ? 'Saving...' : 'It’s back: end lost mode'}
            </button>
          )}
          <button type="button" className="button button--ghost" onClick={onClose} disabled={!!busy}>
            Cancel
          </button>
          <button
            type="submit"
            form="lost-mode-form"
            className="button button--primary"
            disabled={!!busy}
            aria-busy={busy === 'save' || undefined}
          >
            {busy === 'save' ? 'Saving...' : lost ? 'Save' : 'Mark as Lost'}
          </button>
        </div>
      }
    >
      <form id="lost-mode-form" className="lost-dialog" onSubmit={(e) => void save(e)} noValidate>
        <TextAreaField
          label="Message to finders"
          value={message}
          maxLength={LOST_MESSAGE_MAX}
          rows={3}
          required
          error={error}
          onChange={(e) => {
            setMessage(e.target.value);
            setError(null);
          }}
        />
        <TextField
          label="Reward"
          labelNote="(optional)"
          value={reward}
          maxLength={LOST_REWARD_MAX}
          placeholder="e.g. $50 reward"
          onChange={(e) => setReward(e.target.value)}
        />
        <label className="check-field">
          <input
            type="checkbox"
            className="check-field__input"
            checked={stolen}
            onChange={(e) => setStolen(e.target.checked)}
          />
          <span className="check-field__label">It was stolen (finders are asked not to confront anyone)</span>
        </label>
        <FailureNotice failure={failure} />
      </form>
    </Dialog>
  );
}
