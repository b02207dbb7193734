import type { ElementType, ReactNode } from "react";

/** A framed box. `tone="parchment"` for long reading (rules, terms), stone for everything else. */
export function Panel({
  children,
  tone = "stone",
  as: Tag = "section",
  className = "",
  ...rest
}: {
  children: ReactNode;
  tone?: "stone" | "parchment";
  as?: ElementType;
  className?: string;
} & Record<string, unknown>) {
  return (
    <Tag className={`${tone === "parchment" ? "panel-parchment" : "panel"} p-4 sm:p-6 ${className}`} {...rest}>
      {children}
    </Tag>
  );
}
