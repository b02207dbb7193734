import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { PREPARED_MARK } from "../db";

/**
 * Put first in a hot raw statement (`Prisma.sql\`${PREPARED} SELECT …\``) to have it prepared
 * once per pooled connection (the rule and its limits: `preparedStatementName` in
 * lib/server/db.ts). Its text must never vary: pass a list as one array parameter.
 */
export const PREPARED = Prisma.raw(PREPARED_MARK);
