import { z } from "zod";
import { REQUIRED } from "./api";

// The reason a member of staff gives for an action on money or deliveries: required, kept in
// the audit log with the action.

export const STAFF_REASON_MIN = 3;
export const STAFF_REASON_MAX = 500;

export const zStaffReason = (description: string) =>
  z
    .string({ error: REQUIRED })
    .trim()
    .min(STAFF_REASON_MIN, `Give a reason of at least ${STAFF_REASON_MIN} characters.`)
    .max(STAFF_REASON_MAX, `The reason is at most ${STAFF_REASON_MAX} characters.`)
    .describe(description);

export const ZStaffReasonInput = z.object({ reason: zStaffReason("Why, for the audit log (e.g. the ticket number)") });
