import { useId, useState } from 'react';
import { ADMIN_MESSAGES, PAGES_TO_PRINT, type BulkCreateCodesResult } from '@homing/shared';
import { ErrorState, LoadingState } from '../../components/StateViews';
import { useAdminServices } from '../AdminServices';
import { errorText } from '../adminApi';
import { clampWhole } from '../printing/numbers';
import { printedSetIds } from '../printing/jobPages';
import { usePrintPort } from '../printing/PrintPort';
import { TemplateSelect } from '../TemplateSelect';
import { useTemplates } from '../useTemplates';
import { batchPrintRequest } from './bulkBatch';
import './print.css';

type Message = { tone: 'error' | 'success'; text: string } | null;

/**
 * Spec section 2, admin print page: choose a template and 1-10 pages, create that many sheets of
 * new codes (one set per page), print them, then mark printed what came out (section 4).
 */
export function BulkPrintScreen() {
  const services = useAdminServices();
  const { admin } = services;
  const port = usePrintPort();
  const { templates, loading, error: templatesError, defaultId } = useTemplates(admin);
  const [chosen, setChosen] = useState<string | null>(null);
  const [pagesText, setPagesText] = useState(String(PAGES_TO_PRINT.default));
  const [busy, setBusy] = useState<'creating' | 'printing' | null>(null);
  const [batch, setBatch] = useState<{ result: BulkCreateCodesResult; templateId: string } | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const ids = { template: useId(), pages: useId() };

  const template = templates.find((t) => t.id === (chosen ?? defaultId)) ?? null;
  const pages = clampWhole(pagesText, PAGES_TO_PRINT.min, PAGES_TO_PRINT.max, PAGES_TO_PRINT.default);

  async function printBatch(result: BulkCreateCodesResult, templateId: string) {
    setBusy('printing');
    try {
      const request = batchPrintRequest(result, {
        templateId,
        domainName: services.domainName,
        brandWord: services.brandWord,
      });
      const { printedPages } = await port.printSheets(request);
      const setIds = printedSetIds(request, printedPages);
      if (setIds.length === 0) return setMessage({ tone: 'success', text: 'Nothing was marked printed.' });
      const marked = await admin.markPrinted(setIds);
      if (!marked.success)
        return setMessage({ tone: 'error', text: errorText(marked, ADMIN_MESSAGES.markCodesPrintedFailed) });
      setMessage({
        tone: 'success',
        text: `${setIds.length} of ${result.setIds.length} ${result.setIds.length === 1 ? 'set' : 'sets'} marked printed.`,
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
    setMessage(null);
    setBusy('creating');
    const created = await admin.bulkCreate({
      count: pages * template.labelsPerSheet,
      codesPerPage: template.labelsPerSheet,
    });
    if (!created.success) {
      setBusy(null);
      return setMessage({ tone: 'error', text: errorText(created, ADMIN_MESSAGES.createCodesFailed) });
    }
    setBatch({ result: created.data, templateId: template.id });
    await printBatch(created.data, template.id);
  }

  async function downloadPdf() {
    if (!batch) return;
    const error = await services.downloadSetsPdf({
      setIds: batch.result.setIds,
      templateId: batch.templateId,
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
                {pages} × {template.labelsPerSheet} = {pages * template.labelsPerSheet} new codes, one set per
                page
              </p>
            )}
          </div>
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
              onClick={() => void printBatch(batch.result, batch.templateId)}
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
