// Status and rank icons of the forums. Each icon is an image with its own accessible name
// (role="img" + aria-label), and a tooltip for sighted mouse users.

type IconProps = { className?: string };

/** An empty label makes the icon decoration (hidden from assistive technology). */
const a11y = (label: string) => (label ? { role: "img", "aria-label": label } : { "aria-hidden": true });

export function LockIcon({ className = "", label = "Closed" }: IconProps & { label?: string }) {
  return (
    <svg
      {...a11y(label)}
      viewBox="0 0 16 16"
      width="16"
      height="16"
      fill="currentColor"
      fillRule="evenodd"
      className={`inline-block shrink-0 text-stone-300 ${className}`}
      data-icon="closed"
    >
      {label ? <title>{label}</title> : null}
      <path d="M4.5 7V5a3.5 3.5 0 1 1 7 0v2h.5A1.5 1.5 0 0 1 13.5 8.5v5A1.5 1.5 0 0 1 12 15H4a1.5 1.5 0 0 1-1.5-1.5v-5A1.5 1.5 0 0 1 4 7h.5Zm1.5 0h4V5a2 2 0 1 0-4 0v2Z" />
    </svg>
  );
}

export function PinIcon({ className = "", label = "Pinned" }: IconProps & { label?: string }) {
  return (
    <svg
      {...a11y(label)}
      viewBox="0 0 16 16"
      width="16"
      height="16"
      fill="currentColor"
      className={`inline-block shrink-0 text-gold ${className}`}
      data-icon="pinned"
    >
      {label ? <title>{label}</title> : null}
      <path d="M4.5 1h7v1.5l-1.25.75V7l2.25 2.25V10.5h-4V15L8 15.5 7.5 15v-4.5h-4V9.25L5.75 7V3.25L4.5 2.5V1Z" />
    </svg>
  );
}

/** The staff mark beside a staff member's name in forum posts (docs/product.md §6). */
export function StaffIcon({ rank, className = "" }: IconProps & { rank: string }) {
  const label = `Staff (${rank})`;
  return (
    <svg role="img" aria-label={label} viewBox="0 0 16 16" width="16" height="16" className={`inline-block shrink-0 ${className}`} data-icon="staff">
      <title>{label}</title>
      <path
        d="M8 1 2.5 3v4.2c0 3.3 2.3 6.3 5.5 7.8 3.2-1.5 5.5-4.5 5.5-7.8V3L8 1Z"
        fill="var(--color-gold-dark)"
        stroke="var(--color-gold-bright)"
        strokeWidth="1"
      />
      <path d="m8 4.2.95 1.95 2.15.3-1.55 1.5.37 2.13L8 9.07l-1.92 1.01.37-2.13L4.9 6.45l2.15-.3L8 4.2Z" fill="var(--color-gold-bright)" />
    </svg>
  );
}
