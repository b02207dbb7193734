import "server-only";
import { expireCheckouts } from "./expire-checkouts";

export async function expireCheckoutsTask(): Promise<void> {
  await expireCheckouts();
}
