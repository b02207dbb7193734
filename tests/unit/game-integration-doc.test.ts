import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { gameKindOf, gamePayloadSchema, LIVE_DELIVERY_KINDS, RESERVED_DELIVERY_KINDS } from "@/lib/schemas/delivery-payloads";
import {
  GAME_MODES,
  GAME_SCOPES,
  gameOperations as bridgeOperations,
  LEASE_DEFAULT_SEC,
  LEASE_MAX_SEC,
  LEASE_MIN_SEC,
  LOGIN_REFUSALS,
  XP_MODES,
} from "@/lib/schemas/game";
import { serverEventOperations } from "@/lib/schemas/goals";
import { punishmentFeedOperations } from "@/lib/schemas/punishments";
import { siteConfig } from "@/lib/site-config";
import { SKILLS } from "@/lib/skills";

// docs/game-integration.md and its Java example follow the contracts and the configuration,
// so a changed field, scope, reason or vote-site parameter fails here instead of misleading a
// game developer.

const doc = readFileSync("docs/game-integration.md", "utf8");
/** Every call a game key makes: the bridge's, the server-event feed's (lib/schemas/goals.ts) and the punishment feed's. */
const gameOperations = [...bridgeOperations, ...serverEventOperations, ...punishmentFeedOperations];
const java = readFileSync("docs/examples/SiteBridge.java", "utf8");

describe("docs/game-integration.md", () => {
  it("documents every game bridge call, scope and login refusal", () => {
    for (const op of gameOperations) expect(doc, op.path).toContain(`${op.method} ${op.path}`);
    for (const scope of GAME_SCOPES) expect(doc, scope).toMatch(new RegExp(`^\\| \`${scope}\` \\|`, "m"));
    for (const reason of LOGIN_REFUSALS) expect(doc, reason).toMatch(new RegExp(`^\\| \`${reason}\` \\|`, "m"));
  });

  it("states the lease bounds, the skill order and the ladders of the contracts", () => {
    expect(doc).toContain(`\`lease_seconds\` is ${LEASE_MIN_SEC}–${LEASE_MAX_SEC} (default ${LEASE_DEFAULT_SEC})`);
    expect(doc.replace(/\s+/g, " ")).toContain(SKILLS.join(", "));
    for (const mode of [...GAME_MODES, ...XP_MODES]) expect(doc, mode).toContain(`\`${mode}\``);
  });

  it("has a section per delivery kind listing its payload's fields, and the kinds to come with theirs", () => {
    const section = (heading: string) => doc.split(heading)[1]?.split(/\n### /)[0] ?? "";
    for (const kind of LIVE_DELIVERY_KINDS) {
      const game = gameKindOf(kind);
      const text = section(`### \`${game}\`\n`);
      expect(text, game).not.toBe("");
      const fields = Object.keys(gamePayloadSchema(kind).shape);
      const rows = [...text.matchAll(/^\| `([a-z_]+)` \|/gm)].map((m) => m[1]);
      expect(rows, game).toEqual(fields);
      // The Java example reads it through its own type.
      expect(java, game).toContain(`expectKind("${game}")`);
    }
    const toCome = section("### Kinds to come\n");
    for (const kind of RESERVED_DELIVERY_KINDS) {
      const game = gameKindOf(kind);
      const row = toCome.split("\n").find((l) => l.startsWith(`| \`${game}\` |`)) ?? "";
      for (const field of Object.keys(gamePayloadSchema(kind).shape)) expect(row, `${game} ${field}`).toContain(`\`${field}\``);
    }
  });

  it("lists each vote site's callback parameters as lib/site-config.ts has them", () => {
    for (const site of siteConfig.voteSites) {
      const cb: { token: string; secret?: string; voterIp?: string } = site.callback;
      const cell = (v: string | undefined) => (v ? `\`${v}\`` : "—");
      expect(doc, site.key).toContain(
        `| ${site.name} | \`/api/v1/vote/callback/${site.key}\` | ${cell(cb.token)} | ${cell(cb.secret)} | ${cell(cb.voterIp)} |`,
      );
      expect(doc, site.key).toContain(`VOTE_${site.key.toUpperCase()}_SECRET`);
      expect(site.cooldownHours).toBe(12);
    }
    expect(doc).toContain("12-hour cooldown");
  });

  it("quotes the Java example as it is in docs/examples/SiteBridge.java", () => {
    const strip = (s: string) =>
      s
        .split("\n")
        .map((l) => l.trim())
        .filter(Boolean)
        .join("\n");
    const quoted = [...doc.matchAll(/```java\n([\s\S]*?)```/g)].map((m) => m[1]!).filter((b) => b.includes("public int claimAndGrant"));
    expect(quoted).toHaveLength(1);
    // Each paragraph of the quote appears, as is, in the file.
    for (const part of quoted[0]!.split(/\n\s*\n/)) expect(strip(java)).toContain(strip(part));
  });

  it("has the Java example call only real paths, each with its method", () => {
    const calls = [...java.matchAll(/send\("(GET|POST)", "(\/api\/v1\/[^"?]+)/g)].map((m) => `${m[1]} ${m[2]}`);
    expect(calls.length).toBeGreaterThanOrEqual(6);
    const real = new Set(gameOperations.map((op) => `${op.method} ${op.path}`));
    for (const call of calls) expect(real.has(call), call).toBe(true);
  });

  it("is linked from the README with the simulator and the key commands", () => {
    const readme = readFileSync("README.md", "utf8");
    expect(readme).toContain("docs/game-integration.md");
    expect(readme).toContain("npm run game:sim");
    expect(readme).toContain("game-key create");
  });
});
