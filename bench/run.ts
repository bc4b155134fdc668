// npm run bench: every benchmark in one run. Not part of npm test.
import { benchContentRoutes } from "./content.bench";
import { benchHomePage } from "./home-page.bench";
import { benchSessionRoute } from "./session-route.bench";
import { benchUsersList } from "./users.bench";

await benchSessionRoute();
await benchContentRoutes();
await benchHomePage();
await benchUsersList();
