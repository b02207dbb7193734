/** A table's header row: one `<th scope="col">` per column, each with its own classes. */
export function TableHead({
  columns,
  className = "border-b-2 border-stone-700 text-stone-300",
}: {
  columns: ReadonlyArray<{ label: string; className: string }>;
  className?: string;
}) {
  return (
    <thead className={className}>
      <tr>
        {columns.map((c) => (
          <th key={c.label} scope="col" className={c.className}>
            {c.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
