import { isValidElement, type ReactNode } from "react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import StaffAuditPage from "@/app/(site)/staff/audit/page";
import StaffDeliveriesPage from "@/app/(site)/staff/deliveries/page";
import StaffPlayersPage from "@/app/(site)/staff/players/page";
import { InvalidQuery } from "@/components/ui/invalid-query";
import { FORBIDDEN_TEXT_MESSAGE } from "@/lib/schemas/text-rule";
import { createSessionToken, createUser } from "../factories/users";

// The staff pages themselves, called in-process as Next calls a server component: the page
// function with its searchParams, signed in through the session cookie it reads. A NUL in a
// search field used to reach PostgreSQL and end as a 500; now the page shows the field's error
// (the same message the API's 400 gives) and lists nothing. Each has its twin with a plain value,
// which lists as before. Only next/headers is stood in for (it needs Next's request scope).

const request = vi.hoisted(() => ({ cookies: new Map<string, string>() }));
vi.mock("next/headers", () => ({
  headers: async () => new Headers(),
  cookies: async () => ({ get: (name: string) => (request.cookies.has(name) ? { name, value: request.cookies.get(name)! } : undefined) }),
}));

type Page = (props: { searchParams: Promise<Record<string, string | string[] | undefined>> }) => Promise<ReactNode>;

/** Every element of a rendered tree (server components are called, not rendered: the tree is plain elements). */
function elements(node: ReactNode): Array<{ type: unknown; props: Record<string, unknown> }> {
  if (Array.isArray(node)) return node.flatMap(elements);
  if (!isValidElement(node)) return [];
  const props = node.props as Record<string, unknown>;
  return [{ type: node.type, props }, ...elements(props.children as ReactNode)];
}
const texts = (node: ReactNode): string[] =>
  Array.isArray(node)
    ? node.flatMap(texts)
    : typeof node === "string"
      ? [node]
      : isValidElement(node)
        ? texts((node.props as { children?: ReactNode }).children)
        : [];

const render = (page: Page, query: Record<string, string>) => page({ searchParams: Promise.resolve(query) });
const refusals = (tree: ReactNode) =>
  elements(tree)
    .filter((e) => e.type === InvalidQuery)
    .map((e) => e.props.errors);

let username = "";
beforeAll(async () => {
  const admin = await createUser({ privilege: "ADMINISTRATOR" });
  username = admin.username;
  request.cookies.set("session", await createSessionToken(admin.id));
});

describe("staff pages with a NUL in a search field", () => {
  const cases: Array<{ name: string; page: Page; field: string }> = [
    { name: "/staff/players?q=", page: StaffPlayersPage as Page, field: "q" },
    { name: "/staff/audit?actor=", page: StaffAuditPage as Page, field: "actor" },
    { name: "/staff/audit?target=", page: StaffAuditPage as Page, field: "target" },
    { name: "/staff/deliveries?player=", page: StaffDeliveriesPage as Page, field: "player" },
  ];

  for (const { name, page, field } of cases) {
    it(`${name}%00 shows the field's error instead of failing; a plain value lists as before`, async () => {
      const refused = await render(page, { [field]: "\u0000" });
      const shown = refusals(refused);
      // The audit page shows a filter's error under its own input (ErrorList), the others in the alert.
      const inline = elements(refused)
        .filter((e) => e.props.id === `audit-${field}-errors`)
        .map((e) => e.props.errors);
      expect([...shown.map((e) => (e as Record<string, unknown>)[field]), ...inline].filter(Boolean)).toEqual([[FORBIDDEN_TEXT_MESSAGE]]);
      // Nor is the refused text written back into the page (the form's value included).
      const strings = elements(refused).flatMap((e) => Object.values(e.props).filter((v): v is string => typeof v === "string"));
      expect([...texts(refused), ...strings].filter((s) => s.includes("\u0000"))).toEqual([]);

      const twin = await render(page, { [field]: username });
      expect(refusals(twin).filter((e) => Object.keys(e as object).length)).toEqual([]);
      expect(elements(twin).some((e) => e.props.id === `audit-${field}-errors` && e.props.errors)).toBe(false);
    });
  }

  it("the players page's twin finds the account it names", async () => {
    const tree = await render(StaffPlayersPage as Page, { q: username });
    expect(texts(tree)).toContain(username);
  });
});
