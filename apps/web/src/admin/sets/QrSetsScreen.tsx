import { useId, useState } from 'react';
import { getTemplate } from '@homing/label-layout';
import { ADMIN_MESSAGES, type QrCodeSetSummary } from '@homing/shared';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState, ErrorState, LoadingState } from '../../components/StateViews';
import { useAdminServices } from '../AdminServices';
import { errorText } from '../adminApi';
import { clampWhole } from '../printing/numbers';
import { usePrintPort } from '../printing/PrintPort';
import { CreateSetDialog } from './CreateSetDialog';
import { SetRow, setDisplayName, type SetActions } from './SetRow';
import { SplitDialog } from './SplitDialog';
import { setTree } from './setTree';
import { useSetList } from './useSetList';
import '../admin.css';
import '../print/print.css';
import './sets.css';

type Modal =
  | { kind: 'create' }
  | { kind: 'split'; set: QrCodeSetSummary }
  | { kind: 'release'; set: QrCodeSetSummary }
  | null;

/**
 * Where a set's first label goes on a partly used sheet, as on the bulk print page: blank fields
 * leave it to the printer (a station's own start, else column 1, row 1); anything outside the
 * set's template falls back to 1.
 */
export function setStart(set: Pick<QrCodeSetSummary, 'templateId'>, text: { column: string; row: string }) {
  const template = getTemplate(set.templateId);
  if (!template || (text.column.trim() === '' && text.row.trim() === '')) return null;
  return {
    startColumn: clampWhole(text.column, 1, template.columns, 1),
    startRow: clampWhole(text.row, 1, template.rows, 1),
  };
}

/** QR Code Sets: the list, its row actions and the create, split and print dialogs. */
export function QrSetsScreen() {
  const services = useAdminServices();
  const { admin } = services;
  const port = usePrintPort();
  const { sets, error: loadError, reload, retry } = useSetList(admin);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [modal, setModal] = useState<Modal>(null);
  const [modalError, setModalError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [splitting, setSplitting] = useState(false);
  const [busySetId, setBusySetId] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [startText, setStartText] = useState({ column: '', row: '' });
  const startIds = { column: useId(), row: useId() };

  const openModal = (next: Modal) => {
    setModalError(null);
    setModal(next);
  };
  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  async function createSet(templateId: string, count?: number) {
    setCreating(true);
    const result = await admin.createSet(templateId, count);
    setCreating(false);
    if (!result.success) return setModalError(errorText(result, ADMIN_MESSAGES.createSetFailed));
    setModal(null);
    setMessage({
      tone: 'success',
      text: `Created ${setDisplayName(result.data)} with ${result.data.codeCount} codes.`,
    });
    await reload();
  }

  async function split(set: QrCodeSetSummary, rowsPerSet: number) {
    setSplitting(true);
    const result = await admin.split({ setId: set.id, rowsPerSet });
    setSplitting(false);
    if (!result.success) return setModalError(errorText(result, ADMIN_MESSAGES.splitFailed));
    setModal(null);
    setExpanded((current) => new Set(current).add(set.id));
    setMessage({
      tone: 'success',
      text: `Split ${setDisplayName(set)} into ${result.data.children.length} sets.`,
    });
    await reload();
  }

  async function print(set: QrCodeSetSummary) {
    setMessage(null);
    setBusySetId(set.id);
    try {
      const detail = await admin.set(set.id);
      if (!detail.success || detail.data.qrCodes.length === 0)
        return setMessage({ tone: 'error', text: ADMIN_MESSAGES.loadSetForPrintFailed });
      const request = {
        title: setDisplayName(set),
        templateId: set.templateId,
        domainName: services.domainName,
        brandWord: services.brandWord,
        smsNumber: services.smsNumber,
        ...setStart(set, startText),
        sets: [
          { setId: set.id, setName: set.name, codes: detail.data.qrCodes.map(({ value }) => ({ value })) },
        ],
        confirmHints: {
          all: 'The set is marked printed.',
          some: 'Page 1 marks the set printed.',
          none: 'Nothing changes.',
        },
      };
      let printed;
      try {
        printed = await port.printSheets(request);
      } catch {
        return setMessage({ tone: 'error', text: ADMIN_MESSAGES.printSetFailed });
      }
      // The port marked what came out (nothing, when nothing did).
      const { mark } = printed;
      if (!mark) return;
      if (mark.status !== 'marked')
        return setMessage({ tone: 'error', text: mark.message ?? ADMIN_MESSAGES.markSetPrintedFailed });
      setMessage({ tone: 'success', text: `${setDisplayName(set)} is marked printed.` });
      await reload();
    } finally {
      setBusySetId(null);
    }
  }

  async function release(set: QrCodeSetSummary) {
    setMessage(null);
    setBusySetId(set.id);
    const result = await admin.markReleased([set.id]);
    setBusySetId(null);
    setModal(null);
    if (!result.success)
      return setMessage({ tone: 'error', text: errorText(result, ADMIN_MESSAGES.releaseFailed) });
    setMessage({ tone: 'success', text: `${setDisplayName(set)} is released.` });
    await reload();
  }

  const actions: SetActions = {
    busySetId,
    onPrint: (set) => void print(set),
    onSplit: (set) => openModal({ kind: 'split', set }),
    onRelease: (set) => openModal({ kind: 'release', set }),
    onDownload: (set) => {
      const start = setStart(set, startText);
      void services
        .downloadSetsPdf({
          setIds: [set.id],
          ...(start && { startCol: start.startColumn, startRow: start.startRow }),
        })
        .then((error) => {
          if (error) setMessage({ tone: 'error', text: error });
        });
    },
  };

  const tree = sets ? setTree(sets) : [];
  return (
    <div className="qr-sets">
      <div className="admin-head">
        <h1 id="page-title" className="page__title">
          QR Code Sets
        </h1>
        <button
          type="button"
          className="button button--primary"
          disabled={creating}
          onClick={() => openModal({ kind: 'create' })}
        >
          {creating ? 'Creating...' : 'Create Set'}
        </button>
      </div>
      <fieldset className="print-form__start qr-sets__start">
        <legend className="field__label">Start on the first sheet</legend>
        <p className="field__hint">
          For a partly used sheet: Print and Download PDF put a set&apos;s first label here; labels before it
          stay blank. Leave empty to start at label 1.
        </p>
        <div className="print-form__row">
          {(
            [
              ['column', 'Start column'],
              ['row', 'Start row'],
            ] as const
          ).map(([field, label]) => (
            <div key={field} className="field">
              <label htmlFor={startIds[field]} className="field__label">
                {label}
              </label>
              <input
                id={startIds[field]}
                className="field__input print-form__number"
                type="text"
                inputMode="numeric"
                placeholder="1"
                value={startText[field]}
                onChange={(event) => setStartText({ ...startText, [field]: event.target.value })}
              />
            </div>
          ))}
        </div>
      </fieldset>
      {message && (
        <p
          className={`form-message form-message--${message.tone}`}
          role={message.tone === 'error' ? 'alert' : 'status'}
        >
          {message.text}
        </p>
      )}
      {sets === null && loadError ? (
        <ErrorState message={loadError} onRetry={retry} />
      ) : sets === null ? (
        <LoadingState label="Loading QR code sets..." />
      ) : tree.length === 0 ? (
        <EmptyState title="No QR code sets found" />
      ) : (
        <div className="qr-sets__list">
          {loadError && <p className="form-message form-message--error">{loadError}</p>}
          {tree.map(({ set, children }) => (
            <SetRow
              key={set.id}
              set={set}
              childSets={children}
              expanded={expanded.has(set.id)}
              onToggleChildren={() => toggle(set.id)}
              actions={actions}
              admin={admin}
            />
          ))}
        </div>
      )}
      {modal?.kind === 'create' && (
        <CreateSetDialog
          admin={admin}
          busy={creating}
          error={modalError}
          onCancel={() => setModal(null)}
          onCreate={(templateId, count) => void createSet(templateId, count)}
        />
      )}
      {modal?.kind === 'split' && (
        <SplitDialog
          set={modal.set}
          busy={splitting}
          error={modalError}
          onCancel={() => setModal(null)}
          onSplit={(rowsPerSet) => void split(modal.set, rowsPerSet)}
        />
      )}
      {modal?.kind === 'release' && (
        <ConfirmDialog
          open
          title={`Release ${setDisplayName(modal.set)}?`}
          message={`Owners can then claim its ${modal.set.codeCount} codes. A released set cannot be taken back or split.`}
          confirmLabel="Release"
          busyLabel="Releasing..."
          busy={busySetId === modal.set.id}
          onConfirm={() => void release(modal.set)}
          onCancel={() => setModal(null)}
        />
      )}
    </div>
  );
}
