import { useParams } from 'react-router-dom';
import { ComingSoon } from '../components/ComingSoon';
import { ErrorState } from '../components/StateViews';
import { usePageTitle } from '../components/usePageTitle';

/** Spec section 2, QR scan result (/qr/:qrCode). Placeholder until the scanning issue. */
export default function QrScanPage() {
  const { qrCode } = useParams();
  usePageTitle('QR Code');
  if (!qrCode)
    return (
      <section className="page container">
        <h1 className="page__title">QR Code</h1>
        <ErrorState message="No QR code provided" />
      </section>
    );
  return <ComingSoon title="QR Code">Scanning labels is on its way.</ComingSoon>;
}
