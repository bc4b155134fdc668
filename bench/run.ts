// npm run bench: every benchmark in one run (issue 14's list: members' lists per tier and database,
// memory idle and loaded, start time, sign-ins, every public page in Lighthouse). Not part of npm test.
import { benchMembersLists } from "./members-lists.bench";
import { benchPublicPages } from "./public-pages.bench";
import { benchSessionRoute } from "./session-route.bench";
import { benchSignIn } from "./sign-in.bench";
import { benchUsersList } from "./users.bench";

await benchSessionRoute();
await benchMembersLists();
await benchSignIn();
await benchPublicPages();
await benchUsersList();
