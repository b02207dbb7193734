import "server-only";
import type { JobPayloads } from "../jobs/task-types";
import { endCompetition } from "./end-competition";

export async function endCompetitionTask(payload: JobPayloads["competition-end"]): Promise<void> {
  await endCompetition(payload.competitionId);
}
