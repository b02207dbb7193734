import "server-only";
import { makeScheduledCompetitions } from "./make-scheduled-competitions";

export async function makeScheduledCompetitionsTask(): Promise<void> {
  await makeScheduledCompetitions();
}
