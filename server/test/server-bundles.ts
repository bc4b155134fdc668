import path from "node:path";
import { bundleServer } from "../../scripts/server-bundle.mjs";

/** The server and the commands the tests start as processes, bundled as `npm start` runs the server. */
const SCRIPTS = ["main", "cli/create-admin", "cli/billing-advance", "cli/backup", "cli/restore"] as const;
type BundledScript = (typeof SCRIPTS)[number];

const BUNDLES_DIR = path.resolve(".tmp/test-bundles");

/** The file to run with `node` for `server/<script>.ts`; made by the global setup for each run. */
export function bundledScript(script: BundledScript): string {
  return path.join(BUNDLES_DIR, `${script}.mjs`);
}

export async function bundleServerScripts(): Promise<void> {
  await Promise.all(SCRIPTS.map((script) => bundleServer(path.resolve(`server/${script}.ts`), bundledScript(script))));
}
