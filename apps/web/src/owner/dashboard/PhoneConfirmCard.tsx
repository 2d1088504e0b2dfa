import { useEffect, useState } from 'react';
import { accountApi } from '../../auth/accountRequests';
import { PhoneCodeStep } from '../../pages/account/PhoneCodeStep';

const SKIPPED = 'homing.phoneConfirmSkipped';

/**
 * A new owner who signed up by phone lands on the dashboard signed in (spec: "on success it
 * redirects there too"); this card asks there for the code texted to the number. Nothing else is
 * texted to it until it is confirmed. "Skip for now" hides it for this browser session; Settings →
 * Contacts confirms it later.
 */
export function PhoneConfirmCard() {
  const [phone, setPhone] = useState<string | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  useEffect(() => {
    let skipped = false;
    try {
      skipped = sessionStorage.getItem(SKIPPED) !== null;
    } catch {
      // storage disabled: the card is offered again
    }
    if (skipped) return;
    let cancelled = false;
    void accountApi.contacts().then((r) => {
      if (cancelled || !r.success) return;
      if (r.data.phoneNumber && !r.data.phoneVerified && !r.data.smsStopped) setPhone(r.data.phoneNumber);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  if (confirmed)
    return (
      <p className="form-message form-message--success" role="status">
        Your phone number is confirmed.
      </p>
    );
  if (!phone) return null;
  return (
    <section className="dash-card owner-card" aria-label="Confirm your phone">
      <PhoneCodeStep
        phoneNumber={phone}
        onDone={() => {
          setPhone(null);
          setConfirmed(true);
        }}
        onSkip={() => {
          try {
            sessionStorage.setItem(SKIPPED, '1');
          } catch {
            // storage disabled: hidden until the next visit
          }
          setPhone(null);
        }}
      />
    </section>
  );
}
