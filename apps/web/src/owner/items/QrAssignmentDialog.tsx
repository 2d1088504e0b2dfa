import type { Item, PendingAssignment } from '@homing/shared';
import { Dialog } from '../../components/Dialog';
import { Spinner } from '../../components/StateViews';
import { formatCountdown } from '../format';
import { AvailableCodes } from './AvailableCodes';
import { PREPARE_FAILED, usePendingAssignment } from './usePendingAssignment';
import './QrAssignmentDialog.css';

export interface QrAssignmentDialogProps {
  item: Item;
  pending: PendingAssignment;
  onClose: () => void;
  /** A label is now on the item (scanned by phone or picked): the list reloads. */
  onAssigned: () => void;
}

/**
 * The QR assignment dialog of /items: the pending assignment with its expiry countdown, waiting
 * for the owner to scan a label with a phone signed in as them, or one of their codes to pick.
 */
export function QrAssignmentDialog({ item, pending, onClose, onAssigned }: QrAssignmentDialogProps) {
  const assignment = usePendingAssignment(item.id, pending, onAssigned);
  const { phase } = assignment;
  const close = () => {
    assignment.cancelIfWaiting();
    onClose();
  };
  const done = (code: string | null) => {
    assignment.markAssigned(code ?? '');
    onAssigned();
  };

  return (
    <Dialog
      open
      onClose={close}
      title="Assign QR Code"
      description={`Put one of your QR labels on “${item.name}”.`}
      size="medium"
      className="assign"
      footer={
        <button type="button" className="button button--secondary" onClick={close}>
          {phase === 'completed' ? 'Done' : 'Cancel'}
        </button>
      }
    >
      {phase === 'completed' ? (
        <div className="assign__done" role="status">
          <span className="assign__done-icon" aria-hidden="true">
            ✓
          </span>
          <p>
            {assignment.assignedCode ? (
              <>
                QR code <span className="code-chip">{assignment.assignedCode}</span> is now on {item.name}.
              </>
            ) : (
              <>A QR label is now on {item.name}.</>
            )}
          </p>
        </div>
      ) : (
        <>
          <section className="assign__section assign__scan" aria-labelledby="assign-scan-title">
            <h3 id="assign-scan-title" className="assign__heading">
              Scan a label with your phone
            </h3>
            <ol className="assign__steps">
              <li>On your phone, sign in to this site as you.</li>
              <li>Scan the QR label you want to put on this item with the phone’s camera.</li>
              <li>The label is attached at once; this window updates by itself.</li>
            </ol>
            {phase === 'waiting' ? (
              <p className="assign__waiting">
                <Spinner size="small" /> <span>Waiting for your scan.</span>
                <span className="assign__expires">
                  Expires in{' '}
                  <strong className="assign__countdown" data-testid="assign-countdown">
                    {formatCountdown(assignment.remainingMs)}
                  </strong>
                </span>
              </p>
            ) : (
              <div className="assign__expired" role="alert">
                <p>This request has expired. Start again to scan a label.</p>
                <button
                  type="button"
                  className="button button--primary button--small"
                  onClick={assignment.restart}
                >
                  Start Again
                </button>
                {assignment.restartFailed && <p className="assign__error">{PREPARE_FAILED}</p>}
              </div>
            )}
          </section>
          <AvailableCodes itemId={item.id} onAssigned={(updated) => done(updated.qrCode)} />
        </>
      )}
    </Dialog>
  );
}
