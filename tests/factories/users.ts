// Users for integration tests: the shared factory run on the test's Prisma client, returning
// the row as the app reads it (every column but the secrets: SECRET_COLUMNS in lib/server/db.ts).
import { db } from "@/lib/server/db";
import { DEFAULT_PASSWORD, type UserOptions, uniqueUsername, userFactory } from "./user-factory";

export { DEFAULT_PASSWORD, uniqueUsername };

const factory = userFactory((text, values) => db.$queryRawUnsafe(text, ...values));

export async function createUser(options: UserOptions = {}) {
  const created = await factory.createUser(options);
  const user = await db.user.findUniqueOrThrow({ where: { id: created.id } });
  return { ...user, password: created.password };
}

/** A live browser session for the user; returns the raw cookie token. */
export function createSessionToken(userId: number): Promise<string> {
  return factory.createSession(userId);
}
