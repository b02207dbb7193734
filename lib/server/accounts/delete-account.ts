import "server-only";
import { recordAudit } from "../audit/record-audit";
import { announce, topic } from "../changes/announce";
import { db } from "../db";
import { AppError } from "../errors";
import { markLaddersDirty } from "../hiscores/mark-ladders-dirty";
import { queueMail } from "../mail/send-mail";
import { mailTemplates } from "../mail/templates";
import { revokeAllSessions } from "../sessions/browser-sessions";
import { lockRowById } from "../sql/locks";
import { UNUSABLE_PASSWORD_HASH } from "./password-hash";
import { verifyIdentity } from "./verify-identity";

// Deleting one's own account (docs/accounts.md, "Deleting an account"). One transaction:
// - erased: email, password, two-factor, vote token, every session, API login, emailed link,
//   recovery code and known device, the support tickets (their conversations), the addresses
//   stored with votes, the vote-link opens; the hiscore rows are hidden;
// - anonymised: the name becomes "Deleted player #<id>" (its key "#<id>" can be typed by no
//   one: keys hold no "#"), so posts and threads stay, shown under that name;
// - kept: purchases, orders, the credit ledger and deliveries (money records the law asks us to
//   keep), votes, posts, the audit log.
// The login (website, API and game) then fails: the password hash matches nothing.

export const DELETED_NAME = (id: number) => `Deleted player #${id}`;
export const ACCOUNT_DELETED = "Your account has been deleted.";

export async function deleteAccount(userId: number, input: { password: string; code?: string | undefined }, ip: string | null): Promise<void> {
  await verifyIdentity(userId, input.password, input.code, ip);
  await db.$transaction(async (tx) => {
    await lockRowById(tx, "user", userId);
    const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { username: true, email: true, deletedAt: true } });
    if (user.deletedAt) throw new AppError("NOT_FOUND", { userMessage: "No such account." });
    // The last mail to the address, queued before it is erased (docs/jobs.md: the mail row is swept after 30 days).
    await queueMail(user.email, mailTemplates.accountDeleted(user.username), { tx });
    await revokeAllSessions(userId, "account deleted", undefined, tx);
    await tx.session.deleteMany({ where: { userId } });
    await tx.refreshTokenFamily.deleteMany({ where: { userId } });
    await tx.emailToken.deleteMany({ where: { userId } });
    await tx.recoveryCode.deleteMany({ where: { userId } });
    await tx.accountDevice.deleteMany({ where: { userId } });
    await tx.ticket.deleteMany({ where: { userId } });
    await tx.vote.updateMany({ where: { userId }, data: { ip: null } });
    await tx.voteLinkOpen.deleteMany({ where: { userId } });
    await tx.hiscoreStat.updateMany({ where: { userId }, data: { hidden: true } });
    const ladders = await markLaddersDirty(tx, userId);
    const key = `#${userId}`;
    await tx.user.update({
      where: { id: userId },
      data: {
        username: DELETED_NAME(userId),
        usernameKey: key,
        email: "",
        emailKey: key,
        passwordHash: UNUSABLE_PASSWORD_HASH,
        totpSecretEnc: null,
        totpEnabledAt: null,
        totpLastStep: null,
        voteToken: null,
        showAsSupporter: false,
        isActive: false,
        emailVerifiedAt: null,
        lastLoginAt: null,
        deletedAt: new Date(),
      },
    });
    await recordAudit({ action: "account.deleted", actorId: userId, targetType: "user", targetId: userId, ip }, tx);
    // The name shows in posts, on the hiscores and in the supporter widgets.
    await announce(tx, [topic.forums, topic.player(user.username), ...ladders.map(topic.ladder), topic.supporters]);
  });
}
