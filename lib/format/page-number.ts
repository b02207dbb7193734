/** A `?page=` value as a page number: below 1, non-numeric or absent is 1 (docs/product.md §4 hiscores rule, used for every list). */
export function pageNumber(value: string | string[] | undefined): number {
  const v = Array.isArray(value) ? value[0] : value;
  const n = v && /^\d{1,6}$/.test(v) ? Number(v) : 1;
  return n >= 1 ? n : 1;
}
