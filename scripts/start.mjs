// npm start: bundles the server's own TypeScript into dist/server/main.mjs, then runs it with plain Node.
// server/main.ts then builds the web app if its sources changed.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { bundleServer } from "./server-bundle.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const outfile = path.join(root, "dist/server/main.mjs");

await bundleServer(path.join(root, "server/main.ts"), outfile);
await import(pathToFileURL(outfile).href);
