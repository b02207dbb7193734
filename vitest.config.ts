import path from "node:path";
import { defineConfig } from "vitest/config";

const root = import.meta.dirname;
const alias = {
  "@": root,
  // Outside Next's server bundler the guard package would throw; tests are server code.
  "server-only": path.join(root, "tests/setup/server-only-stub.ts"),
};

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest takes the file order from here, not from a project: files run in a different order
    // each run (the seed is printed; `--sequence.seed=N` repeats one), tests inside a file in order.
    sequence: { shuffle: { files: true, tests: false } },
    projects: [
      {
        resolve: { alias },
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node", sequence: { groupOrder: 0 } },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/setup/global-db.ts"],
          setupFiles: ["tests/setup/integration-env.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // A database per file (tests/setup/integration-env.ts): files run in parallel, in the
          // shuffled order set above.
          fileParallelism: true,
          maxWorkers: 2,
          // Runs after the unit project when both are selected (`npx vitest run`).
          sequence: { groupOrder: 1, shuffle: { files: true, tests: false } },
        },
      },
    ],
  },
});
