// npm run bench: every benchmark in one run. Not part of npm test.
import { benchHomePage } from "./home-page.bench";
import { benchMembersLists } from "./members-lists.bench";
import { benchSearchRoute } from "./search.bench";
import { benchSessionRoute } from "./session-route.bench";
import { benchUsersList } from "./users.bench";

await benchSessionRoute();
await benchMembersLists();
await benchHomePage();
await benchUsersList();
await benchSearchRoute();
