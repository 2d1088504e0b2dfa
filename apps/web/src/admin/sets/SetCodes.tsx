import { useEffect, useState } from 'react';
import type { QrCodeInSet } from '@homing/shared';
import { Spinner } from '../../components/StateViews';
import type { AdminApi } from '../adminApi';
import { errorText } from '../adminApi';
import { codeStatus, type CodeStatus } from './setTree';

const STATUS_TEXT: Record<CodeStatus, string> = {
  assigned: 'Assigned',
  associated: 'Associated',
  other: 'Unclaimed',
};

/** A set's codes, each with its status badge (assigned, associated or other). */
export function SetCodes({ setId, admin }: { setId: string; admin: AdminApi }) {
  const [codes, setCodes] = useState<QrCodeInSet[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void admin.set(setId).then((result) => {
      if (!live) return;
      if (result.success) setCodes(result.data.qrCodes);
      else setError(errorText(result, 'Failed to load the codes'));
    });
    return () => {
      live = false;
    };
  }, [admin, setId]);

  if (error) return <p className="form-message form-message--error">{error}</p>;
  if (!codes)
    return (
      <p className="set-codes__loading" role="status">
        <Spinner size="small" /> Loading codes...
      </p>
    );
  return (
    <ul className="set-codes" aria-label="Codes">
      {codes.map((code) => {
        const status = codeStatus(code);
        return (
          <li key={code.id} className="set-codes__code" title={`Row ${code.row}, column ${code.column}`}>
            <code>{code.value}</code>
            <span className={`badge badge--${status}`}>{STATUS_TEXT[status]}</span>
          </li>
        );
      })}
    </ul>
  );
}
