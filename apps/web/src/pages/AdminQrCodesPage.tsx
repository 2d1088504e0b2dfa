import { ComingSoon } from '../components/ComingSoon';

/** Spec section 2, QR analytics (/admin/qr-codes). Placeholder until the admin issue. */
export default function AdminQrCodesPage() {
  return <ComingSoon title="Manage QR Codes">QR code analytics are on their way.</ComingSoon>;
}
