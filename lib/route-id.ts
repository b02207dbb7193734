// The id in a page's route (/forums/12, /ticket/7, /staff/players/3): pure, so pages of every
// area share it and unit tests run it in Node.
import { MAX_ID } from "@/lib/schemas/ids";

/** A numeric route id ("12") as a number, or null for anything else ("abc", "0", "1e3", too big). */
export function routeId(raw: string): number | null {
  if (!/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= MAX_ID ? id : null;
}
