import { defineConfig } from "vitest/config";

/**
 * Files that measure their own process (memory use) get a fresh one; the rest share a worker's
 * module graph: every file imports the whole app (better-auth, drizzle, stripe, the AWS SDK…), and a
 * fresh graph per file cost a few seconds of a worker each, about half the suite's time. They share
 * nothing else: each file builds its own app on its own database.
 */
const OWN_PROCESS = ["server/features/media/media.test.ts"];
const ALL = ["server/**/*.test.ts", "common/**/*.test.ts"];

export default defineConfig({
  test: {
    globalSetup: ["server/test/global-setup.ts"],
    pool: "forks",
    maxWorkers: 2,
    // Generous: a test that waits on a queue, a timer or a child process took over 30 s on a loaded 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: "shared", include: ALL, exclude: OWN_PROCESS, isolate: false } },
      { extends: true, test: { name: "own-process", include: OWN_PROCESS, isolate: true } },
    ],
  },
});
