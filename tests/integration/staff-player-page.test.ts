import { isValidElement, type ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import StaffPlayerPage from "@/app/(site)/staff/players/[id]/page";
import { PlayerActions } from "@/components/staff/player-actions-client";
import { createSessionToken, createUser } from "../factories/users";

// A player's staff page under the staff rule, called in-process as Next calls a server component
// (only next/headers is stood in for): an account out of the viewer's reach shows its name and
// privilege, never its record, with the privilege change where the rule allows it; an account in
// reach shows the whole record.

const request = vi.hoisted(() => ({ cookies: new Map<string, string>() }));
vi.mock("next/headers", () => ({
  headers: async () => new Headers(),
  cookies: async () => ({ get: (name: string) => (request.cookies.has(name) ? { name, value: request.cookies.get(name)! } : undefined) }),
}));

type El = { type: unknown; props: Record<string, unknown> };
/** Every element of a tree, calling the server components in it (async functions of their props). */
async function elements(node: ReactNode): Promise<El[]> {
  if (Array.isArray(node)) return (await Promise.all(node.map(elements))).flat();
  if (!isValidElement(node)) return [];
  const props = node.props as Record<string, unknown>;
  const own: El = { type: node.type, props };
  // A server component of this page (not a client one, not an HTML tag): render it too.
  if (typeof node.type === "function" && node.type.constructor.name === "AsyncFunction")
    return [own, ...(await elements((await (node.type as (p: unknown) => Promise<ReactNode>)(props)) as ReactNode))];
  return [own, ...(await elements(props.children as ReactNode))];
}
/** Everything the elements' props hold, as text (what the page could put in front of the viewer). */
const shownText = (els: El[]) =>
  els.map((e) => JSON.stringify(e.props, (k, v: unknown) => (k.startsWith("_") || typeof v === "function" ? undefined : v))).join("\n");

async function pageAs(viewer: { id: number }, targetId: number) {
  request.cookies.set("session", await createSessionToken(viewer.id));
  const tree = await StaffPlayerPage({ params: Promise.resolve({ id: String(targetId) }), searchParams: Promise.resolve({}) });
  return elements(tree as ReactNode);
}

describe("a player's staff page under the staff rule", () => {
  it("out of reach: name and privilege only, no email, sessions or records; in reach: the record", async () => {
    const mod = await createUser({ privilege: "MODERATOR" });
    const owner = await createUser({ privilege: "OWNER" });
    const player = await createUser();

    const refused = await pageAs(mod, owner.id);
    expect(refused.some((e) => e.props["data-testid"] === "out-of-reach")).toBe(true);
    expect(shownText(refused)).not.toContain(owner.email);
    expect(refused.some((e) => e.type === PlayerActions)).toBe(false);

    const shown = await pageAs(mod, player.id);
    expect(shown.some((e) => e.props["data-testid"] === "out-of-reach")).toBe(false);
    expect(shownText(shown)).toContain(player.email);
  });

  it("an owner on another owner: the record stays closed, the privilege change is offered", async () => {
    const [a, b] = [await createUser({ privilege: "OWNER" }), await createUser({ privilege: "OWNER" })];
    const els = await pageAs(a, b.id);
    expect(els.some((e) => e.props["data-testid"] === "out-of-reach")).toBe(true);
    expect(shownText(els)).not.toContain(b.email);
    expect(els.filter((e) => e.type === PlayerActions).map((e) => e.props.allowed)).toEqual([["privilege"]]);
  });
});
