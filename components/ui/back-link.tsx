import Link from "next/link";

/** "← Back to …" above a page: the arrow is decoration, the words are the link's name. */
export function BackLink({ href, children, className = "mb-4" }: { href: string; children: React.ReactNode; className?: string }) {
  return (
    <p className={className}>
      <Link href={href}>
        <span aria-hidden="true">← </span>
        {children}
      </Link>
    </p>
  );
}
