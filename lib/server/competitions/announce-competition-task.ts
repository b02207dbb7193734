import "server-only";
import type { JobPayloads } from "../jobs/task-types";
import { announceCompetition } from "./announce-competition";

export async function announceCompetitionTask(payload: JobPayloads["competition-announce"]): Promise<void> {
  await announceCompetition(payload.competitionId, payload.announcement, payload.version);
}
