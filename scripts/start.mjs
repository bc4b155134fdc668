// npm start: bundles the server into dist/server/main.cjs if its sources or packages changed, then runs
// it with plain Node, from V8's code cache of the last run. server/main.ts then builds the web app if
// its sources changed.
//
// package.json runs this with --max-semi-space-size=4 --v8-pool-size=2: with DATABASE_URL under 50
// connections the server peaked at 146 MB in three bench runs, against 151 to 153 MB with 8 and 157 to
// 171 MB with Node's defaults, at the same CPU time per answer (docs/benchmarks.md; issue 14 asks for
// 150). Node 20 lets each half of V8's young generation grow to 16 MB under load; 4 is enough for
// answers of a few kB. With a smaller young generation alone, some bench runs jumped ~100 MB outside
// V8's heap at the first load, which none did with 2 GC helper threads (the cores this server is
// sized for) instead of Node's 4.
import { runWithCodeCache } from "./code-cache.mjs";
import { buildServerIfChanged, serverBundlePath } from "./server-bundle.mjs";

await buildServerIfChanged();
runWithCodeCache(serverBundlePath("main"));
