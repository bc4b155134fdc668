// npm run bench: every benchmark in one run. Not part of npm test.
import { benchHomePage } from "./home-page.bench";
import { benchSessionRoute } from "./session-route.bench";

await benchSessionRoute();
await benchHomePage();
