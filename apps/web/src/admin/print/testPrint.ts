import { defaultTemplate } from '@homing/label-layout';
import { TEST_PRINT_MAX_CODES, type PrintSheetsRequest } from '@homing/shared';
import { clampWhole } from '../printing/numbers';

/** PRODUCT.md, Limits: the test page's default domain is a placeholder until someone types theirs. */
export const TEST_PRINT_DOMAIN = 'your-domain.example';

export interface TestPrintForm {
  count: string;
  startColumn: string;
  startRow: string;
  domainName: string;
  mode: 'api' | 'placeholder';
}

export const TEST_PRINT_DEFAULTS: TestPrintForm = {
  count: String(defaultTemplate.labelsPerSheet),
  startColumn: '1',
  startRow: '1',
  domainName: TEST_PRINT_DOMAIN,
  mode: 'api',
};

/** PRODUCT.md, Validation: count 1-240, start column 1-8, start row 1-10; anything invalid becomes 1. */
export function cleanTestPrintForm(form: TestPrintForm) {
  const template = defaultTemplate;
  return {
    count: clampWhole(form.count, 1, TEST_PRINT_MAX_CODES, 1),
    startColumn: clampWhole(form.startColumn, 1, template.columns, 1),
    startRow: clampWhole(form.startRow, 1, template.rows, 1),
    domainName: form.domainName.trim() || TEST_PRINT_DOMAIN,
    mode: form.mode,
  };
}

/** Made-up codes (TEST0001 …) that look like real ones to a scanner but exist nowhere. */
export const testCodeValue = (index: number) => `TEST${String(index + 1).padStart(4, '0')}`;

export function testPrintRequest(
  form: ReturnType<typeof cleanTestPrintForm>,
  brandWord: string,
): PrintSheetsRequest {
  return {
    title: 'Bulk print test',
    templateId: defaultTemplate.id,
    startColumn: form.startColumn,
    startRow: form.startRow,
    domainName: form.domainName,
    brandWord,
    sets: [
      {
        setId: null,
        setName: 'Test Print',
        codes: Array.from({ length: form.count }, (_, i) => ({ value: testCodeValue(i) })),
      },
    ],
    symbols: form.mode === 'placeholder' ? 'placeholder' : 'qr',
    confirmPages: false,
  };
}
