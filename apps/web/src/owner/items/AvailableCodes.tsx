import { useEffect, useState } from 'react';
import type { Item, OwnedCode } from '@homing/shared';
import { Spinner } from '../../components/StateViews';
import { describeFailure, type Failure } from '../failure';
import { FailureNotice } from '../Notice';
import { ownerApi } from '../ownerApi';

export const ASSIGN_FAILED = 'Failed to assign QR code';

type CodesState = { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; codes: OwnedCode[] };

/** The owner's claimed codes that no item carries yet: one click puts one on the item. */
export function AvailableCodes({ itemId, onAssigned }: { itemId: string; onAssigned: (item: Item) => void }) {
  const [codes, setCodes] = useState<CodesState>({ kind: 'loading' });
  const [picking, setPicking] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);

  useEffect(() => {
    let cancelled = false;
    void ownerApi.availableCodes().then((result) => {
      if (cancelled) return;
      setCodes(
        result.success && result.data ? { kind: 'ready', codes: result.data.codes } : { kind: 'error' },
      );
    });
    return () => {
      cancelled = true;
    };
  }, []);

  const pick = async (value: string) => {
    setPicking(value);
    setFailure(null);
    const result = await ownerApi.assignCode(itemId, value);
    setPicking(null);
    const item = result.success ? result.data?.item : undefined;
    if (item) return onAssigned(item);
    console.error('Failed to assign QR code', result.status, result.error);
    setFailure(describeFailure(result, ASSIGN_FAILED));
  };

  return (
    <section className="assign__section" aria-labelledby="assign-pick-title">
      <h3 id="assign-pick-title" className="assign__heading">
        Or pick one of your codes
      </h3>
      {codes.kind === 'loading' && (
        <p className="assign__muted">
          <Spinner size="small" /> Loading your codes...
        </p>
      )}
      {codes.kind === 'error' && <p className="assign__muted">Your available codes could not be loaded.</p>}
      {codes.kind === 'ready' && codes.codes.length === 0 && (
        <p className="assign__muted">
          You have no unassigned QR codes. Scan a new label to claim it, or use the scan above.
        </p>
      )}
      {codes.kind === 'ready' && codes.codes.length > 0 && (
        <ul className="assign__codes" aria-label="Available QR codes">
          {codes.codes.map((code) => (
            <li key={code.id}>
              <button
                type="button"
                className="assign__code"
                onClick={() => void pick(code.value)}
                disabled={picking !== null}
                aria-busy={picking === code.value || undefined}
                aria-label={`Use code ${code.value}`}
              >
                <span className="code-chip">{code.value}</span>
                <span className="assign__use">{picking === code.value ? 'Assigning...' : 'Use'}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <FailureNotice failure={failure} />
    </section>
  );
}
