import { serverBundlePath } from "../../scripts/server-bundle.mjs";

/** The commands the tests start as processes, bundled as `npm start` runs the server. */
type BundledScript = "main" | "cli/create-admin" | "cli/billing-advance" | "cli/backup" | "cli/restore";

/** The file to run with `node` for `server/<script>.ts`; the global setup bundles them if they are stale. */
export function bundledScript(script: BundledScript): string {
  return serverBundlePath(script);
}
