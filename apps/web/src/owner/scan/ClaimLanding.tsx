import { useEffect, useRef } from 'react';
import { useAuth } from '../../auth/authContext';
import { useAppConfig } from '../../config/configContext';
import { readyToClaimText, setNote } from './claimText';

export interface ClaimLandingProps {
  setId: string | null;
  setCount: number;
  onClaim: () => void;
}

const STEPS = [
  ['Claim it', 'Create a free account (or sign in) and this label becomes yours.'],
  ['Stick it on', 'Put the label on your keys, bag, pet collar or anything you would hate to lose.'],
  ['Get it back', 'Whoever finds it scans the label and messages you. Your contact details stay private.'],
] as const;

/**
 * The claim landing view (PRODUCT.md, Screens) for a label nobody owns yet. The claim callback fires on
 * the button, and by itself once the visitor becomes signed in (e.g. after signing up in the dialog).
 */
export function ClaimLanding({ setCount, onClaim }: ClaimLandingProps) {
  const { status } = useAuth();
  const { brandName } = useAppConfig().config;
  const onClaimRef = useRef(onClaim);
  const wasSignedOut = useRef(status === 'anonymous');
  useEffect(() => {
    onClaimRef.current = onClaim;
  });
  useEffect(() => {
    if (status === 'anonymous') wasSignedOut.current = true;
    else if (status === 'authenticated' && wasSignedOut.current) {
      wasSignedOut.current = false;
      onClaimRef.current();
    }
  }, [status]);

  if (status === 'authenticated')
    return (
      <div className="scan-card claim-landing owner-card">
        <span className="scan-card__icon scan-card__icon--info" aria-hidden="true">
          ✦
        </span>
        <h1 className="scan-card__title">Ready to Claim</h1>
        <p className="scan-card__text">{readyToClaimText(setCount)}</p>
        <div className="scan-card__actions">
          <button type="button" className="button button--primary button--large" onClick={onClaim}>
            Claim Now
          </button>
        </div>
      </div>
    );

  const note = setNote(setCount);
  return (
    <div className="claim-welcome">
      <div className="scan-card owner-card">
        <span className="scan-card__icon scan-card__icon--info" aria-hidden="true">
          ✦
        </span>
        <h1 className="scan-card__title">Welcome to the product!</h1>
        <p className="scan-card__text">
          You just scanned a {brandName} label that nobody has claimed yet. Claim it to link it to your
          account, put it on something you own, and get a message the moment someone finds it.
        </p>
        {note && <p className="claim-welcome__note">{note}</p>}
        <p className="scan-card__hint">
          Found this label on something? Nobody has claimed it yet, so it cannot reach an owner: please hand
          the thing in at a lost-and-found desk nearby.
        </p>
        <div className="scan-card__actions">
          <button type="button" className="button button--primary button--large" onClick={onClaim}>
            Click to claim this code!
          </button>
        </div>
      </div>
      <section className="claim-how owner-card" aria-labelledby="claim-how-title">
        <h2 id="claim-how-title" className="claim-how__title">
          How does it work?
        </h2>
        <ol className="claim-how__steps">
          {STEPS.map(([title, text], i) => (
            <li key={title} className="claim-how__step">
              <span className="claim-how__number" aria-hidden="true">
                {i + 1}
              </span>
              <div>
                <p className="claim-how__step-title">{title}</p>
                <p className="claim-how__step-text">{text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
