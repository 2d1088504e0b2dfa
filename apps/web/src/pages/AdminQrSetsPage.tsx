import { ComingSoon } from '../components/ComingSoon';

/** Spec section 2, QR Code Sets (/admin/qr-sets). Placeholder until the admin issue. */
export default function AdminQrSetsPage() {
  return <ComingSoon title="QR Code Sets">QR code set management is on its way.</ComingSoon>;
}
