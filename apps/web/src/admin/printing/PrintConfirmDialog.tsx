import { useId, useState } from 'react';
import type { PrintedPages } from '@homing/shared';
import { Dialog } from '../../components/Dialog';
import { parsePageNumbers } from './numbers';

type Choice = 'all' | 'some' | 'none';

export interface PrintConfirmDialogProps {
  open: boolean;
  pageCount: number;
  /** Tells what each answer marks printed, e.g. "All 3 sets are marked printed." */
  consequences?: Partial<Record<Choice, string>>;
  onPrintAgain?: () => void;
  onDone: (printed: PrintedPages) => void;
}

/**
 * Print confirmation: after the print dialog the user says which pages came out:
 * all, some (comma-separated page numbers) or none. Closing the dialog counts as none.
 */
export function PrintConfirmDialog({
  open,
  pageCount,
  consequences,
  onPrintAgain,
  onDone,
}: PrintConfirmDialogProps) {
  const [choice, setChoice] = useState<Choice>('all');
  const [pagesText, setPagesText] = useState('');
  const name = useId();
  const pagesId = useId();
  const pages = parsePageNumbers(pagesText, pageCount);
  const confirm = () => onDone(choice === 'all' ? 'all' : choice === 'none' ? 'none' : pages);
  const options: { value: Choice; label: string }[] = [
    { value: 'all', label: pageCount === 1 ? 'The page printed' : `All ${pageCount} pages printed` },
    { value: 'some', label: 'Some pages printed' },
    { value: 'none', label: 'Nothing printed' },
  ];
  return (
    <Dialog
      open={open}
      onClose={() => onDone('none')}
      title="Which pages printed?"
      description={`Check the ${pageCount === 1 ? 'sheet' : `${pageCount} sheets`} and mark only the pages that came out right.`}
      size="medium"
      footer={
        <>
          {onPrintAgain && (
            <button type="button" className="button button--ghost" onClick={onPrintAgain}>
              Print Again
            </button>
          )}
          <button
            type="button"
            className="button button--primary"
            onClick={confirm}
            disabled={choice === 'some' && pages.length === 0}
          >
            Confirm
          </button>
        </>
      }
    >
      <fieldset className="print-confirm">
        <legend className="visually-hidden">Pages printed</legend>
        {options.map((option) => (
          <label key={option.value} className="print-confirm__option">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={choice === option.value}
              onChange={() => setChoice(option.value)}
            />
            <span>
              {option.label}
              {consequences?.[option.value] && (
                <span className="print-confirm__hint">{consequences[option.value]}</span>
              )}
            </span>
          </label>
        ))}
        {choice === 'some' && (
          <div className="field print-confirm__pages">
            <label htmlFor={pagesId} className="field__label">
              Page numbers (comma-separated, 1-{pageCount})
            </label>
            <input
              id={pagesId}
              className="field__input"
              inputMode="numeric"
              placeholder="e.g. 1, 3"
              value={pagesText}
              onChange={(event) => setPagesText(event.target.value)}
              autoFocus
            />
            <p className="field__hint" aria-live="polite">
              {pages.length
                ? `Pages ${pages.join(', ')} will be marked printed.`
                : 'No valid page numbers yet.'}
            </p>
          </div>
        )}
      </fieldset>
    </Dialog>
  );
}
