import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { ErrorState } from '../components/StateViews';
import { usePageTitle } from '../components/usePageTitle';
import { ScanResultView } from '../owner/scan/ScanResultView';

/** QR scan result (/qr/:qrCode). */
export default function QrScanPage() {
  const { qrCode } = useParams();
  usePageTitle('QR Code');
  useEffect(() => {
    // `?app` only asked the server for this app instead of the finder page (webApp.ts): the address
    // bar keeps the label's own address.
    // `?claim` (open the claim dialog) is read by ScanResultView on its first render.
    const url = new URL(window.location.href);
    if (!url.searchParams.has('app') && !url.searchParams.has('claim')) return;
    url.searchParams.delete('app');
    url.searchParams.delete('claim');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }, []);
  if (!qrCode)
    return (
      <section className="page container">
        <h1 className="page__title">QR Code</h1>
        <ErrorState message="No QR code provided" />
      </section>
    );
  return (
    <section className="page container scan-page">
      <ScanResultView key={qrCode} qrCode={qrCode} />
    </section>
  );
}
