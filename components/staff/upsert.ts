/** The list with `row` replacing the one of the same id, or appended when new. */
export function upsert<T extends { id: number }>(list: readonly T[], row: T): T[] {
  return list.some((x) => x.id === row.id) ? list.map((x) => (x.id === row.id ? row : x)) : [...list, row];
}
