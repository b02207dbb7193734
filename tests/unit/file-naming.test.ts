import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// CONTRIBUTING.md: `page.tsx` is the server shell, `*-client.tsx` the client leaf. Every component file
// that runs in the browser says so in its name, and a name that says so is one.

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(".tsx"))
    .map((e) => path.join(e.parentPath, e.name));
}

const isClient = (file: string) => /^\s*["']use client["']/.test(readFileSync(file, "utf8"));

describe("client component file names", () => {
  const files = [...tsxFiles("app"), ...tsxFiles("components")];

  it("finds the components (the walk itself works)", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter(isClient).length).toBeGreaterThan(50);
  });

  it('every "use client" component is named *-client.tsx', () => {
    expect(files.filter((f) => isClient(f) && !f.endsWith("-client.tsx"))).toEqual([]);
  });

  it('every *-client.tsx starts with "use client"', () => {
    expect(files.filter((f) => f.endsWith("-client.tsx") && !isClient(f))).toEqual([]);
  });
});
