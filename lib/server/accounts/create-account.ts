import "server-only";
import { EMAIL_REFUSED, EMAIL_REFUSED_FIELD, USERNAME_TAKEN, USERNAME_TAKEN_FIELD } from "@/lib/messages/accounts";
import { ZEmail } from "@/lib/schemas/accounts";
import { passwordProblems } from "@/lib/schemas/passwords";
import { usernameKey, usernameProblem } from "@/lib/usernames";
import { recordAudit } from "../audit/record-audit";
import { db } from "../db";
import { uniqueViolationOf } from "../db-errors";
import { AppError, type FieldErrors } from "../errors";
import { randomToken, sha256 } from "../security/tokens";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "./common-passwords";
import { type DbClient, inTransaction } from "./db-client";
import { hashPassword, UNUSABLE_PASSWORD_HASH } from "./password-hash";

export const EMAIL_CONFIRMATION_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * A taken username is said plainly: names are public (hiscores, forums), and a player needs to
 * know which field to change. It names the username only and never the email, whatever the email.
 */
export const usernameTaken = () => new AppError("VALIDATION", { fields: { username: [USERNAME_TAKEN_FIELD] }, userMessage: USERNAME_TAKEN });

/**
 * An email in use with a free username, where the answer must refuse (accounts are active at once,
 * the 201 flow): worded so it never says the address has an account. With email confirmation
 * on there is no refusal at all (register-user.ts). The owner of the address is emailed instead.
 */
export const emailRefused = () => new AppError("VALIDATION", { fields: { email: [EMAIL_REFUSED_FIELD] }, userMessage: EMAIL_REFUSED });

export type NewAccount = { username: string; email: string; password: string | null };
export type CreateAccountResult =
  | { status: "created"; userId: number; confirmationToken: string | null }
  /** `nameTaken`: the username (ignoring case and separators) has an account; `emailOwnerId`: the account that has the email, if one does. */
  | { status: "taken"; nameTaken: boolean; emailOwnerId: number | null };

/**
 * The rules every new account follows, whoever creates it (registration, the demo seed): the
 * name, email and password rules and uniqueness. No captcha and no mail: the caller decides.
 * `password: null` makes an account that cannot log in until its owner resets the password.
 */
export async function createAccount(input: NewAccount, opts: { confirm: boolean; ip: string | null }, client: DbClient = db): Promise<CreateAccountResult> {
  const fields: FieldErrors = {};
  const nameProblem = usernameProblem(input.username);
  if (nameProblem) fields.username = [nameProblem];
  const email = ZEmail.safeParse(input.email);
  if (!email.success) fields.email = email.error.issues.map((i) => i.message);
  if (input.password !== null) {
    const problems = passwordProblems(input.password);
    if (!problems.length && isCommonPassword(input.password, input.username)) problems.push(COMMON_PASSWORD_MESSAGE);
    if (problems.length) fields.password = problems;
  }
  if (Object.keys(fields).length) throw new AppError("VALIDATION", { fields });

  const key = usernameKey(input.username);
  const emailKey = input.email.trim().toLowerCase();
  const [nameClash, emailClash] = await Promise.all([client.user.findUnique({ where: { usernameKey: key } }), client.user.findUnique({ where: { emailKey } })]);
  if (nameClash || emailClash) return { status: "taken", nameTaken: nameClash !== null, emailOwnerId: emailClash?.id ?? null };

  const passwordHash = input.password === null ? UNUSABLE_PASSWORD_HASH : await hashPassword(input.password);
  const token = opts.confirm ? randomToken() : null;
  try {
    const userId = await inTransaction(client, async (tx) => {
      const user = await tx.user.create({
        data: { username: input.username, usernameKey: key, email: input.email.trim(), emailKey, passwordHash, isActive: !opts.confirm, emailVerifiedAt: null },
      });
      if (token) {
        await tx.emailToken.create({
          data: { userId: user.id, kind: "EMAIL_CONFIRMATION", tokenHash: sha256(token), expiresAt: new Date(Date.now() + EMAIL_CONFIRMATION_TTL_MS) },
        });
      }
      await recordAudit({ action: "account.registered", actorId: user.id, targetType: "user", targetId: user.id, ip: opts.ip }, tx);
      return user.id;
    });
    return { status: "created", userId, confirmationToken: token };
  } catch (e) {
    // Two registrations racing: the unique index decides, and the loser gets the answer of any
    // clash, read again now that the winner's row is there.
    if (uniqueViolationOf(e)) {
      const [name, owner] = await Promise.all([
        client.user.findUnique({ where: { usernameKey: key }, select: { id: true } }),
        client.user.findUnique({ where: { emailKey }, select: { id: true } }),
      ]);
      return { status: "taken", nameTaken: name !== null, emailOwnerId: owner?.id ?? null };
    }
    throw e;
  }
}
