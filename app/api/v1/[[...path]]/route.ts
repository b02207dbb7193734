// Any method on /api/v1/… that no route has — 404 with the API's JSON error body (lib/server/http/unmatched.ts)
import { answerUnmatchedApiPath } from "@/lib/server/http/unmatched";

// Next prefers every static and dynamic route to this one, so only unmatched paths arrive here.
export const GET = answerUnmatchedApiPath;
export const HEAD = answerUnmatchedApiPath;
export const POST = answerUnmatchedApiPath;
export const PUT = answerUnmatchedApiPath;
export const PATCH = answerUnmatchedApiPath;
export const DELETE = answerUnmatchedApiPath;
export const OPTIONS = answerUnmatchedApiPath;
