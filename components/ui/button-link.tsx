import Link from "next/link";
import type { ReactNode } from "react";

type Variant = "gold" | "ember" | "stone";

/** A link styled as a button. External links open in a new tab with rel=noopener. */
export function ButtonLink({
  href,
  children,
  variant = "gold",
  external = false,
  className = "",
  ...rest
}: { href: string; children: ReactNode; variant?: Variant; external?: boolean; className?: string } & Record<string, unknown>) {
  const cls = `btn btn-${variant} ${className}`;
  if (external) {
    return (
      <a href={href} className={cls} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
      </a>
    );
  }
  return (
    <Link href={href} className={cls} {...rest}>
      {children}
    </Link>
  );
}
