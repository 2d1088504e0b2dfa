/** The brand's mark: a small house inside a rounded square (decorative). */
export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg
      className="brand-mark"
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="32" height="32" rx="8" fill="var(--color-primary)" />
      <path d="M16 7 6 15h3v9h5v-6h4v6h5v-9h3z" fill="var(--color-on-primary)" />
    </svg>
  );
}
