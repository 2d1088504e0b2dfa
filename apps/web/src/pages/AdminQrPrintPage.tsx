import { ComingSoon } from '../components/ComingSoon';

/** Spec section 2, admin print page: /admin/qr-codes/create (admin) and /admin/qr-bulk (sign-in only). */
export default function AdminQrPrintPage() {
  return <ComingSoon title="Print QR Codes">Bulk printing of QR code label sheets is on its way.</ComingSoon>;
}
