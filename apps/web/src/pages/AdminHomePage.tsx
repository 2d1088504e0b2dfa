import { ComingSoon } from '../components/ComingSoon';

/** Spec section 2, Admin home (/admin). Placeholder until the admin issue. */
export default function AdminHomePage() {
  return <ComingSoon title="Admin">Admin tools for QR codes and sets are on their way.</ComingSoon>;
}
