import { describe, expect, it } from "vitest";
import { Prisma, db, SECRET_COLUMNS } from "@/lib/server/db";
import { sha256 } from "@/lib/server/security/tokens";
import { issueTokenPair } from "@/lib/server/sessions/api-tokens";
import { createGameKey } from "../factories/game-keys";
import { createSessionToken, createUser } from "../factories/users";

// Password hashes, the TOTP secret and token/code/key hashes are only read where a query asks for
// them by name (lib/server/db.ts). Each case shows the column is absent by default, on the client
// and inside a transaction, and present when asked for (the positive control: the data is there).

async function account() {
  const user = await createUser();
  await db.user.update({ where: { id: user.id }, data: { totpSecretEnc: "v1.test-secret" } });
  await createSessionToken(user.id);
  await issueTokenPair(user.id, { userAgent: null, ip: null });
  await db.emailToken.create({
    data: { userId: user.id, kind: "PASSWORD_RESET", tokenHash: sha256(`t-${user.id}`), expiresAt: new Date(Date.now() + 60_000) },
  });
  await db.recoveryCode.create({ data: { userId: user.id, codeHash: sha256(`c-${user.id}`) } });
  return user;
}

// Columns named like secrets that are not: the hash of a public image URL, used as its key.
const NOT_SECRET = ["forumImage.urlHash"];

describe("secret columns", () => {
  it("covers every column of the schema named like a secret (…Hash, …Secret…)", () => {
    const named: string[] = [];
    for (const [name, value] of Object.entries(Prisma)) {
      const model = /^(\w+)ScalarFieldEnum$/.exec(name)?.[1];
      if (!model) continue;
      for (const column of Object.keys(value as object)) {
        if (/Hash$|Secret/.test(column)) named.push(`${model[0]!.toLowerCase()}${model.slice(1)}.${column}`);
      }
    }
    const listed = Object.entries(SECRET_COLUMNS).flatMap(([model, columns]) => Object.keys(columns).map((c) => `${model}.${c}`));
    expect(named.length).toBe(12);
    expect(named.filter((c) => !NOT_SECRET.includes(c)).sort()).toEqual(listed.sort());
  });

  it("leaves them out of rows, relations and transactions unless named", async () => {
    const user = await account();
    const { prefix } = await createGameKey(["players"]);
    const where = { id: user.id };
    const loaded = await db.user.findUniqueOrThrow({
      where,
      include: { sessions: true, emailTokens: true, recoveryCodes: true, refreshFamilies: { include: { tokens: true } } },
    });
    expect(Object.keys(loaded)).not.toContain("passwordHash");
    expect(Object.keys(loaded)).not.toContain("totpSecretEnc");
    expect(loaded.username).toBe(user.username);
    const children = [...loaded.sessions, ...loaded.emailTokens, ...loaded.refreshFamilies.flatMap((f) => f.tokens)];
    expect(children.length).toBe(3);
    for (const row of children) expect(Object.keys(row)).not.toContain("tokenHash");
    expect(loaded.recoveryCodes.map((r) => Object.keys(r).includes("codeHash"))).toEqual([false]);
    expect(Object.keys(await db.gameApiKey.findUniqueOrThrow({ where: { prefix } }))).not.toContain("keyHash");

    const inTx = await db.$transaction((tx) => tx.user.findUniqueOrThrow({ where }));
    expect(Object.keys(inTx)).not.toContain("passwordHash");
    expect(Object.keys(inTx)).not.toContain("totpSecretEnc");
  });

  it("reads one when the query asks for it by name", async () => {
    const user = await account();
    const { key, prefix } = await createGameKey(["players"]);
    const named = await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { passwordHash: true, totpSecretEnc: true } });
    expect(named.passwordHash).toMatch(/^\$argon2id\$/);
    expect(named.totpSecretEnc).toBe("v1.test-secret");
    const inTx = await db.$transaction((tx) => tx.user.findUniqueOrThrow({ where: { id: user.id }, omit: { passwordHash: false } }));
    expect(inTx.passwordHash).toBe(named.passwordHash);
    expect(inTx.username).toBe(user.username);
    expect((await db.session.findFirstOrThrow({ where: { userId: user.id }, select: { tokenHash: true } })).tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect((await db.recoveryCode.findFirstOrThrow({ where: { userId: user.id }, select: { codeHash: true } })).codeHash).toBe(sha256(`c-${user.id}`));
    expect((await db.gameApiKey.findUniqueOrThrow({ where: { prefix }, select: { keyHash: true } })).keyHash).toBe(sha256(key));
  });
});
