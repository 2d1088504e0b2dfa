import { useId, useState } from 'react';
import { clampStart, getTemplate, skippedLabels, type StartPosition } from '@homing/label-layout';
import { ADMIN_MESSAGES, PAGES_TO_PRINT, type BulkCreateCodesResult } from '@homing/shared';
import { ErrorState, LoadingState } from '../../components/StateViews';
import { useAdminServices } from '../AdminServices';
import { errorText } from '../adminApi';
import { clampWhole } from '../printing/numbers';
import { usePrintPort } from '../printing/PrintPort';
import { TemplateSelect } from '../TemplateSelect';
import { useTemplates } from '../useTemplates';
import { batchPrintRequest, bulkCodeCount } from './bulkBatch';
import { PresetsPanel } from './PresetsPanel';
import { SheetPreview } from './SheetPreview';
import './print.css';

type Message = { tone: 'error' | 'success'; text: string } | null;

interface Batch {
  result: BulkCreateCodesResult;
  templateId: string;
  start: StartPosition;
}

/**
 * Admin print page: choose a template and 1-10 pages, create that many sheets of
 * new codes (one set per page), print them, then mark printed what came out (PRODUCT.md, States). In the
 * browser the first sheet may be a part-used one: a start column and row (as the print station
 * has) skip its used labels, and the first page's set holds only the labels left on it.
 */
export function BulkPrintScreen() {
  const services = useAdminServices();
  const { admin } = services;
  const port = usePrintPort();
  const { templates, loading, error: templatesError, defaultId } = useTemplates(admin);
  const [chosen, setChosen] = useState<string | null>(null);
  const [pagesText, setPagesText] = useState(String(PAGES_TO_PRINT.default));
  const [busy, setBusy] = useState<'creating' | 'printing' | null>(null);
  const [batch, setBatch] = useState<Batch | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const [startText, setStartText] = useState({ column: '1', row: '1' });
  const ids = { template: useId(), pages: useId(), column: useId(), row: useId() };

  const template = templates.find((t) => t.id === (chosen ?? defaultId)) ?? null;
  const pages = clampWhole(pagesText, PAGES_TO_PRINT.min, PAGES_TO_PRINT.max, PAGES_TO_PRINT.default);
  // The print station keeps its own start (its Printer screen); here it is the browser's.
  const sheet = port.kind === 'browser' && template ? (getTemplate(template.id) ?? null) : null;
  const start = sheet ? clampStart(sheet, startText) : { column: 1, row: 1 };
  const skipped = sheet ? skippedLabels(sheet, start) : 0;
  const count = template ? bulkCodeCount(pages, template.labelsPerSheet, skipped) : 0;

  async function printBatch({ result, templateId, start }: Batch) {
    setBusy('printing');
    try {
      const request = batchPrintRequest(result, {
        templateId,
        domainName: services.domainName,
        brandWord: services.brandWord,
        smsNumber: services.smsNumber,
        start,
      });
      // The port marked what came out.
      const { mark } = await port.printSheets(request);
      if (!mark) return setMessage({ tone: 'success', text: 'Nothing was marked printed.' });
      if (mark.status !== 'marked')
        return setMessage({ tone: 'error', text: mark.message ?? ADMIN_MESSAGES.markCodesPrintedFailed });
      setMessage({
        tone: 'success',
        text: `${mark.setIds.length} of ${result.setIds.length} ${result.setIds.length === 1 ? 'set' : 'sets'} marked printed.`,
      });
    } catch {
      setMessage({ tone: 'error', text: ADMIN_MESSAGES.printSetFailed });
    } finally {
      setBusy(null);
    }
  }

  async function createAndPrint() {
    if (!template) return;
    setPagesText(String(pages));
    setStartText({ column: String(start.column), row: String(start.row) });
    setMessage(null);
    setBusy('creating');
    // PRODUCT.md, Limits: pages × labels per sheet, less the labels already used on the first sheet.
    const created = await admin.bulkCreate({
      count,
      codesPerPage: template.labelsPerSheet,
      templateId: template.id,
    });
    if (!created.success) {
      setBusy(null);
      return setMessage({ tone: 'error', text: errorText(created, ADMIN_MESSAGES.createCodesFailed) });
    }
    const made = { result: created.data, templateId: template.id, start };
    setBatch(made);
    await printBatch(made);
  }

  async function downloadPdf() {
    if (!batch) return;
    // The same sheets as printed: the sets in print order, the first from the start.
    const request = batchPrintRequest(batch.result, { ...batch, domainName: '', brandWord: '' });
    const error = await services.downloadSetsPdf({
      setIds: request.sets.flatMap((set) => (set.setId ? [set.setId] : [])),
      templateId: batch.templateId,
      startCol: request.startColumn,
      startRow: request.startRow,
    });
    if (error) setMessage({ tone: 'error', text: error });
  }

  return (
    <div className="bulk-print">
      <h1 id="page-title" className="page__title">
        Print QR Codes
      </h1>
      <p className="page__lead">
        Create new codes on label sheets and print them. Each page becomes its own set.
      </p>
      {loading ? (
        <LoadingState label="Loading templates..." />
      ) : templatesError ? (
        <ErrorState message={templatesError} />
      ) : (
        <form
          className="print-form"
          onSubmit={(event) => {
            event.preventDefault();
            void createAndPrint();
          }}
        >
          <PresetsPanel
            admin={admin}
            templateId={template?.id ?? null}
            start={start}
            onApply={(preset) => {
              setChosen(preset.templateId);
              setStartText({ column: String(preset.startColumn), row: String(preset.startRow) });
            }}
          />
          <TemplateSelect
            id={ids.template}
            templates={templates}
            value={template?.id ?? null}
            onChange={setChosen}
          />
          <div className="field">
            <label htmlFor={ids.pages} className="field__label">
              Pages to print
            </label>
            <input
              id={ids.pages}
              className="field__input print-form__number"
              type="text"
              inputMode="numeric"
              value={pagesText}
              onChange={(event) => setPagesText(event.target.value)}
              onBlur={() => setPagesText(String(pages))}
            />
            {template && (
              <p className="field__hint">
                {pages} × {template.labelsPerSheet}
                {skipped > 0 && ` − ${skipped} used`} = {count} new codes, one set per page
              </p>
            )}
          </div>
          {sheet && (
            <fieldset className="print-form__start">
              <legend className="field__label">Start on the first sheet</legend>
              <p className="field__hint">
                For a partly used sheet: labels before this one stay blank. Later sheets start at label 1.
              </p>
              <div className="print-form__row">
                {(
                  [
                    ['column', 'Start column', sheet.columns],
                    ['row', 'Start row', sheet.rows],
                  ] as const
                ).map(([field, label, max]) => (
                  <div key={field} className="field">
                    <label htmlFor={ids[field]} className="field__label">
                      {label}
                    </label>
                    <input
                      id={ids[field]}
                      className="field__input print-form__number"
                      type="text"
                      inputMode="numeric"
                      value={startText[field]}
                      onChange={(event) => setStartText({ ...startText, [field]: event.target.value })}
                      onBlur={() => setStartText({ ...startText, [field]: String(start[field]) })}
                    />
                    <p className="field__hint">1-{max}</p>
                  </div>
                ))}
              </div>
              {count > 0 && <SheetPreview template={sheet} count={count} start={start} />}
            </fieldset>
          )}
          <div className="print-form__actions">
            <button type="submit" className="button button--primary" disabled={!template || busy !== null}>
              {busy === 'creating'
                ? 'Creating Codes...'
                : busy === 'printing'
                  ? 'Printing...'
                  : 'Create Codes and Print'}
            </button>
          </div>
        </form>
      )}
      {message && (
        <p
          className={`form-message form-message--${message.tone}`}
          role={message.tone === 'error' ? 'alert' : 'status'}
        >
          {message.text}
        </p>
      )}
      {batch && (
        <div className="print-result" aria-label="Created codes">
          <p className="print-result__summary">
            Created {batch.result.qrCodes.length} codes in {batch.result.setIds.length}{' '}
            {batch.result.setIds.length === 1 ? 'set' : 'sets'}:
          </p>
          <ol className="print-result__sets">
            {batch.result.setNames.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ol>
          <div className="print-form__actions">
            <button
              type="button"
              className="button button--secondary"
              disabled={busy !== null}
              onClick={() => void printBatch(batch)}
            >
              Print Again
            </button>
            <button type="button" className="button button--secondary" onClick={() => void downloadPdf()}>
              Download PDF
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
