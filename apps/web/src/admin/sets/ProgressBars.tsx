import type { SetProgress } from './setTree';

const BARS: { key: keyof SetProgress; label: string }[] = [
  { key: 'printed', label: 'Printed' },
  { key: 'released', label: 'Released' },
  { key: 'claimed', label: 'Claimed' },
  { key: 'assigned', label: 'Assigned' },
];

/** PRODUCT.md, Screens: the four per-row progress bars, with the arithmetic of PRODUCT.md (States). */
export function ProgressBars({ progress }: { progress: SetProgress }) {
  return (
    <div className="set-progress">
      {BARS.map(({ key, label }) => (
        <div key={key} className={`set-progress__item set-progress__item--${key}`}>
          <div className="set-progress__label">
            <span>{label}</span>
            <span>{progress[key]}%</span>
          </div>
          <div
            className="set-progress__track"
            role="progressbar"
            aria-label={label}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress[key]}
          >
            <div className="set-progress__fill" style={{ width: `${progress[key]}%` }} />
          </div>
        </div>
      ))}
    </div>
  );
}
