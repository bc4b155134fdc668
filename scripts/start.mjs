// npm start: bundles the server's own TypeScript into dist/server/main.mjs, then runs it with plain Node.
// server/main.ts then builds the web app if its sources changed.
//
// package.json runs this with --max-semi-space-size=8 --v8-pool-size=2: with DATABASE_URL under 50
// connections the server peaked at 145 to 169 MB, against 157 to 171 MB with Node's defaults, at the
// same CPU time per answer (docs/benchmarks.md; issue 14 asks for 150). Node 20 lets each half of V8's
// young generation grow to 16 MB under load; 8 is enough. With that alone, three bench runs of five
// jumped ~100 MB outside V8's heap at the first load, which none did with 2 GC helper threads (the
// cores this server is sized for) instead of Node's 4.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { bundleServer } from "./server-bundle.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const outfile = path.join(root, "dist/server/main.mjs");

await bundleServer(path.join(root, "server/main.ts"), outfile);
await import(pathToFileURL(outfile).href);
