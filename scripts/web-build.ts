import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** Everything `vite build` reads: a change to any of these makes `npm start` build again. */
const INPUTS = ["web", "common", "vite.config.ts", "scripts/first-load-size.ts", "scripts/precompress.ts", "scripts/public-pages-chunk.ts", "scripts/server-renderer-build.ts", "package-lock.json", "tsconfig.json"];
const OUTPUT = path.join(ROOT, "dist/web");
/** Beside the build, not in it, so the static server never hands it out. */
const STAMP = path.join(ROOT, "dist/web-sources.sha256");

function addFiles(hash: ReturnType<typeof createHash>, relative: string): void {
  const absolute = path.join(ROOT, relative);
  if (!existsSync(absolute)) return;
  const files = statSync(absolute).isDirectory()
    ? readdirSync(absolute, { withFileTypes: true, recursive: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.join(entry.parentPath, entry.name))
    : [absolute];
  for (const file of files.sort()) {
    hash.update(path.relative(ROOT, file)).update("\0").update(readFileSync(file)).update("\0");
  }
}

/** SHA-256 over the names and bytes of the web build's inputs (about 2 MB: a few milliseconds). */
export function webSourcesFingerprint(): string {
  const hash = createHash("sha256");
  for (const input of INPUTS) addFiles(hash, input);
  return hash.digest("hex");
}

function readStamp(): string | null {
  try {
    return readFileSync(STAMP, "utf8").trim();
  } catch {
    return null;
  }
}

function runViteBuild(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, "node_modules/vite/bin/vite.js"), "build"], { cwd: ROOT, stdio: "inherit" });
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`the web build failed (exit code ${code})`))));
  });
}

/**
 * Builds the web app into dist/web unless the last build there came from the same sources; returns
 * whether it built. The stamp is written only after a successful build, from the sources as they were
 * when it started, so an interrupted build or an edit made during it builds again next time.
 */
export async function buildWebAppIfChanged(): Promise<boolean> {
  const fingerprint = webSourcesFingerprint();
  // The page renderer is part of the build (scripts/server-renderer-build.ts): a build without it is incomplete.
  const complete = existsSync(path.join(OUTPUT, "index.html")) && existsSync(path.join(`${OUTPUT}-ssr`, "entry-server.js"));
  if (readStamp() === fingerprint && complete) return false;
  await runViteBuild();
  mkdirSync(path.dirname(STAMP), { recursive: true });
  writeFileSync(STAMP, `${fingerprint}\n`);
  return true;
}
