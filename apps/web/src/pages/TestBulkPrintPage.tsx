import { TestPrintScreen } from '../admin/print/TestPrintScreen';
import { PrintPortBoundary } from '../admin/printing/PrintPortBoundary';
import { usePageTitle } from '../components/usePageTitle';

/** Bulk print test page (/test-bulk-print, public). */
export default function TestBulkPrintPage() {
  usePageTitle('Bulk Print Test');
  return (
    <section className="page container" aria-labelledby="page-title">
      <PrintPortBoundary>
        <TestPrintScreen />
      </PrintPortBoundary>
    </section>
  );
}
