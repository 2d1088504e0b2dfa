import { useAppConfig } from '../../config/configContext';

// A fixed decorative pattern: it only suggests a QR code; real codes are made when labels are printed.
const SIZE = 21;
const finder = (x: number, y: number) =>
  [0, SIZE - 7].some((fx) =>
    [0, SIZE - 7].some((fy) => !(fx > 0 && fy > 0) && x >= fx && x < fx + 7 && y >= fy && y < fy + 7),
  );
const cell = (x: number, y: number) => ((x * 7 + y * 13 + ((x * y) % 5)) % 3 === 0) !== ((x + y) % 4 === 0);

const MODULES = Array.from(
  { length: SIZE * SIZE },
  (_, i) => [i % SIZE, Math.floor(i / SIZE)] as const,
).filter(([x, y]) => !finder(x, y) && cell(x, y));

function FinderPattern({ x, y }: { x: number; y: number }) {
  return (
    <g transform={`translate(${x} ${y})`}>
      <rect width="7" height="7" rx="1.2" fill="currentColor" />
      <rect x="1" y="1" width="5" height="5" rx="0.8" fill="var(--color-surface)" />
      <rect x="2" y="2" width="3" height="3" rx="0.5" fill="currentColor" />
    </g>
  );
}

/** The landing page's QR preview placeholder, drawn like one of our round labels. */
export function QrPreview() {
  const { brandWord, domainName } = useAppConfig().config;
  return (
    <figure className="qr-preview" aria-label="QR label preview (placeholder)">
      <div className="qr-preview__label">
        <span className="qr-preview__word">{brandWord.toLowerCase()}</span>
        <svg className="qr-preview__code" viewBox={`-1 -1 ${SIZE + 2} ${SIZE + 2}`} aria-hidden="true">
          {MODULES.map(([x, y]) => (
            <rect key={`${x}-${y}`} x={x} y={y} width="1" height="1" fill="currentColor" />
          ))}
          <FinderPattern x={0} y={0} />
          <FinderPattern x={SIZE - 7} y={0} />
          <FinderPattern x={0} y={SIZE - 7} />
        </svg>
        <span className="qr-preview__domain">{domainName}</span>
      </div>
      <figcaption className="qr-preview__caption">Your label preview</figcaption>
    </figure>
  );
}
