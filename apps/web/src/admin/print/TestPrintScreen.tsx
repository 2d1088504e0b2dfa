import { useId, useState } from 'react';
import { defaultTemplate } from '@homing/label-layout';
import { TEST_PRINT_MAX_CODES } from '@homing/shared';
import { useAppConfig } from '../../config/configContext';
import { downloadRenderedPdf } from '../printing/downloadPdf';
import { usePrintPort } from '../printing/PrintPort';
import { SheetPreview } from './SheetPreview';
import { TEST_PRINT_DEFAULTS, cleanTestPrintForm, testPrintRequest, type TestPrintForm } from './testPrint';
import './print.css';

type NumberField = 'count' | 'startColumn' | 'startRow';

/**
 * Bulk print test page: made-up codes on real sheets, to check a printer's
 * alignment before printing real codes. Public; nothing is created or marked.
 */
export function TestPrintScreen() {
  const { brandWord } = useAppConfig().config;
  const port = usePrintPort();
  const [form, setForm] = useState<TestPrintForm>(TEST_PRINT_DEFAULTS);
  const [preview, setPreview] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const clean = cleanTestPrintForm(form);
  const template = defaultTemplate;

  const set = (patch: Partial<TestPrintForm>) => setForm((current) => ({ ...current, ...patch }));
  // Invalid input falls back to 1 (PRODUCT.md, Validation) as soon as the field is left.
  const settle = (field: NumberField) => set({ [field]: String(clean[field]) });

  const numberFields: { field: NumberField; label: string; max: number }[] = [
    { field: 'count', label: 'Number of QR codes', max: TEST_PRINT_MAX_CODES },
    { field: 'startColumn', label: 'Start column', max: template.columns },
    { field: 'startRow', label: 'Start row', max: template.rows },
  ];

  async function testPrint() {
    setError(null);
    setForm({
      ...form,
      count: String(clean.count),
      startColumn: String(clean.startColumn),
      startRow: String(clean.startRow),
    });
    setBusy(true);
    try {
      await port.printSheets(testPrintRequest(clean, brandWord));
    } catch {
      setError('Failed to print');
    } finally {
      setBusy(false);
    }
  }

  async function downloadPdf() {
    setError(await downloadRenderedPdf(testPrintRequest(clean, brandWord), 'bulk-print-test.pdf'));
  }

  return (
    <div className="test-print">
      <h1 id="page-title" className="page__title">
        Bulk Print Test
      </h1>
      <p className="page__lead">
        Print made-up codes on a {template.name} sheet ({template.description}) to check your printer&apos;s
        alignment.
      </p>
      <form
        className="print-form"
        onSubmit={(event) => {
          event.preventDefault();
          void testPrint();
        }}
      >
        <div className="print-form__row">
          {numberFields.map(({ field, label, max }) => (
            <div key={field} className="field">
              <label htmlFor={`${id}-${field}`} className="field__label">
                {label}
              </label>
              <input
                id={`${id}-${field}`}
                className="field__input print-form__number"
                type="text"
                inputMode="numeric"
                value={form[field]}
                onChange={(event) => set({ [field]: event.target.value })}
                onBlur={() => settle(field)}
              />
              <p className="field__hint">1-{max}</p>
            </div>
          ))}
        </div>
        <div className="field">
          <label htmlFor={`${id}-domain`} className="field__label">
            Domain name
          </label>
          <input
            id={`${id}-domain`}
            className="field__input"
            value={form.domainName}
            onChange={(event) => set({ domainName: event.target.value })}
            spellCheck={false}
          />
        </div>
        <fieldset className="print-form__modes">
          <legend className="field__label">Mode</legend>
          <label className="print-form__mode">
            <input
              type="radio"
              name={`${id}-mode`}
              checked={form.mode === 'api'}
              onChange={() => set({ mode: 'api' })}
            />
            Generate via API (real QR codes)
          </label>
          <label className="print-form__mode">
            <input
              type="radio"
              name={`${id}-mode`}
              checked={form.mode === 'placeholder'}
              onChange={() => set({ mode: 'placeholder' })}
            />
            Dummy placeholder image
          </label>
        </fieldset>
        <div className="print-form__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Printing...' : 'Test Print'}
          </button>
          <button
            type="button"
            className="button button--secondary"
            aria-pressed={preview}
            onClick={() => setPreview(!preview)}
          >
            Preview Grid Layout
          </button>
          <button type="button" className="button button--secondary" onClick={() => void downloadPdf()}>
            Download PDF
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              setForm(TEST_PRINT_DEFAULTS);
              setError(null);
            }}
          >
            Reset to Defaults
          </button>
        </div>
      </form>
      {error && (
        <p className="form-message form-message--error" role="alert">
          {error}
        </p>
      )}
      {preview && (
        <SheetPreview
          template={template}
          count={clean.count}
          start={{ column: clean.startColumn, row: clean.startRow }}
        />
      )}
    </div>
  );
}
