import type { ComponentType, Key, ReactNode } from "react";

// One table for every staff list: a real table where its box is wide enough, and below that
// each row a card of "label: value" lines, so a phone shows every column's value without
// scrolling sideways. The switch is a container query on the table's own box (not the
// window), so a table beside the staff menu or in a half-width panel turns into cards when it
// has no room, whatever the screen. No hooks and no browser code: server and client
// components both render it.
//
// As cards the table keeps its semantics: the elements carry their roles (a table whose CSS
// display changes loses them in some browsers), the header row stays in the accessibility tree
// (visually hidden), and each card's visible labels are hidden from screen readers, which
// announce the column header instead.

export type TableColumn = {
  label: string;
  /** The header is for screen readers only (an image or an actions column); its card line has no label. */
  hideLabel?: boolean;
  /** Right-aligned, tabular figures in the table. */
  numeric?: boolean;
  /** Extra classes of this column's cells in the table layout (widths, wrapping). */
  className?: string;
};

export type TableRow = {
  key: Key;
  cells: ReactNode[];
  /** Data attributes and the like on the row. */
  attrs?: Record<`data-${string}`, string | number | undefined>;
  /** A row element of its own (a clickable row): it must render a `<tr>` with these props. */
  as?: ComponentType<RowProps>;
};

/** Container widths at which the cards become a table: pick one the columns fit in. */
type Wide = "xl" | "2xl" | "3xl" | "4xl" | "5xl";

// Whole class names for each width (Tailwind only generates classes it finds written out).
const LAYOUT: Record<Wide, { table: string; thead: string; tbody: string; tr: string; cell: string; label: string }> = {
  xl: {
    table: "@xl:table",
    thead: "@xl:not-sr-only @xl:table-header-group",
    tbody: "@xl:table-row-group",
    tr: "@xl:mb-0 @xl:table-row @xl:rounded-none @xl:border-x-0 @xl:border-t-0 @xl:border-b @xl:border-stone-800 @xl:bg-transparent @xl:p-0",
    cell: "@xl:table-cell @xl:px-2 @xl:py-2",
    label: "@xl:hidden",
  },
  "2xl": {
    table: "@2xl:table",
    thead: "@2xl:not-sr-only @2xl:table-header-group",
    tbody: "@2xl:table-row-group",
    tr: "@2xl:mb-0 @2xl:table-row @2xl:rounded-none @2xl:border-x-0 @2xl:border-t-0 @2xl:border-b @2xl:border-stone-800 @2xl:bg-transparent @2xl:p-0",
    cell: "@2xl:table-cell @2xl:px-2 @2xl:py-2",
    label: "@2xl:hidden",
  },
  "3xl": {
    table: "@3xl:table",
    thead: "@3xl:not-sr-only @3xl:table-header-group",
    tbody: "@3xl:table-row-group",
    tr: "@3xl:mb-0 @3xl:table-row @3xl:rounded-none @3xl:border-x-0 @3xl:border-t-0 @3xl:border-b @3xl:border-stone-800 @3xl:bg-transparent @3xl:p-0",
    cell: "@3xl:table-cell @3xl:px-2 @3xl:py-2",
    label: "@3xl:hidden",
  },
  "4xl": {
    table: "@4xl:table",
    thead: "@4xl:not-sr-only @4xl:table-header-group",
    tbody: "@4xl:table-row-group",
    tr: "@4xl:mb-0 @4xl:table-row @4xl:rounded-none @4xl:border-x-0 @4xl:border-t-0 @4xl:border-b @4xl:border-stone-800 @4xl:bg-transparent @4xl:p-0",
    cell: "@4xl:table-cell @4xl:px-2 @4xl:py-2",
    label: "@4xl:hidden",
  },
  "5xl": {
    table: "@5xl:table",
    thead: "@5xl:not-sr-only @5xl:table-header-group",
    tbody: "@5xl:table-row-group",
    tr: "@5xl:mb-0 @5xl:table-row @5xl:rounded-none @5xl:border-x-0 @5xl:border-t-0 @5xl:border-b @5xl:border-stone-800 @5xl:bg-transparent @5xl:p-0",
    cell: "@5xl:table-cell @5xl:px-2 @5xl:py-2",
    label: "@5xl:hidden",
  },
};

export type RowProps = { className: string; children: ReactNode; role: "row" } & Record<`data-${string}`, string | number | undefined>;

function DefaultRow({ className, children, role, ...attrs }: RowProps) {
  return (
    <tr className={className} role={role} {...attrs}>
      {children}
    </tr>
  );
}

export function ResponsiveTable({
  caption,
  showCaption = false,
  columns,
  rows,
  rowHeader,
  wide = "3xl",
  className = "",
  testId,
}: {
  caption: string;
  /** Show the caption above the table (otherwise it is for screen readers only). */
  showCaption?: boolean;
  columns: readonly TableColumn[];
  rows: readonly TableRow[];
  /** The column whose cell names the row (`<th scope="row">`), if any. */
  rowHeader?: number;
  /** From this container width on, a table; below it, cards. */
  wide?: Wide;
  className?: string;
  testId?: string;
}) {
  const l = LAYOUT[wide];
  return (
    // relative: the visually hidden header row (position: absolute) stays inside this box.
    <div className={`relative @container ${className}`} data-testid={testId}>
      <table role="table" className={`block w-full text-left text-sm ${l.table}`}>
        <caption className={showCaption ? "mb-2 text-left text-stone-300" : "sr-only"}>{caption}</caption>
        <thead role="rowgroup" className={`sr-only text-stone-300 ${l.thead}`}>
          <tr role="row">
            {columns.map((c) => (
              <th
                key={c.label}
                scope="col"
                role="columnheader"
                className={`border-b-2 border-stone-700 px-2 py-2 font-semibold ${c.numeric ? "text-right" : ""}`}
              >
                {c.hideLabel ? <span className="sr-only">{c.label}</span> : c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className={`block ${l.tbody}`}>
          {rows.map((r) => {
            const Row = r.as ?? DefaultRow;
            return (
              <Row key={r.key} role="row" className={`mb-3 block rounded border-2 border-stone-700 bg-stone-950/40 p-3 align-top ${l.tr}`} {...(r.attrs ?? {})}>
                {r.cells.map((cell, i) => {
                  const c = columns[i]!;
                  const Cell = i === rowHeader ? "th" : "td";
                  return (
                    <Cell
                      key={c.label}
                      role={i === rowHeader ? "rowheader" : "cell"}
                      {...(i === rowHeader ? { scope: "row" } : {})}
                      className={`grid grid-cols-[7rem_minmax(0,1fr)] gap-x-3 py-1 align-top ${i === rowHeader ? "font-semibold text-stone-100" : "font-normal"} ${c.numeric ? `tabular-nums ${numericWide[wide]}` : ""} ${l.cell} ${c.className ?? ""}`}
                    >
                      {c.hideLabel ? null : (
                        <span aria-hidden="true" className={`text-stone-400 ${l.label}`}>
                          {c.label}
                        </span>
                      )}
                      <div className={`min-w-0 break-words ${c.hideLabel ? "col-span-2" : ""}`}>{cell}</div>
                    </Cell>
                  );
                })}
              </Row>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

const numericWide: Record<Wide, string> = {
  xl: "@xl:text-right",
  "2xl": "@2xl:text-right",
  "3xl": "@3xl:text-right",
  "4xl": "@4xl:text-right",
  "5xl": "@5xl:text-right",
};
