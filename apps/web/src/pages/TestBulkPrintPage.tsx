import { ComingSoon } from '../components/ComingSoon';

/** Spec section 2, Bulk print test page (/test-bulk-print). Placeholder until the printing issue. */
export default function TestBulkPrintPage() {
  return (
    <ComingSoon title="Bulk Print Test">A test page for printing QR label sheets is on its way.</ComingSoon>
  );
}
