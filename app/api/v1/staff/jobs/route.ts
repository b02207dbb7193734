// GET /api/v1/staff/jobs — the background job queue per task, failed jobs and scheduled tasks (administrator)
import { jobsOverviewOp } from "@/lib/schemas/staff-jobs";
import { route } from "@/lib/server/http/route";
import { getJobsOverview } from "@/lib/server/worker/get-jobs-overview";

export const GET = route(jobsOverviewOp, { handler: () => getJobsOverview() });
