import { AdminScreen } from '../admin/AdminScreen';
import { BulkPrintScreen } from '../admin/print/BulkPrintScreen';
import { usePageTitle } from '../components/usePageTitle';

/** Admin print page: /admin/qr-codes/create (admin) and /admin/qr-bulk (sign-in only). */
export default function AdminQrPrintPage() {
  usePageTitle('Print QR Codes');
  return (
    <section className="page container" aria-labelledby="page-title">
      <AdminScreen>
        <BulkPrintScreen />
      </AdminScreen>
    </section>
  );
}
