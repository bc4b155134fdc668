// npm run bench: every benchmark in one run (issue 14's list: members' lists per tier and database,
// memory idle and loaded, start time, sign-ins, every public page in Lighthouse; search; issue 15's
// members' load), or only the named ones: npm run bench -- load lists. Not part of npm test.
import { benchDirectoryRoute } from "./directory.bench";
import { benchMembersLoad } from "./load-members.bench";
import { benchMemberImport } from "./member-import.bench";
import { benchMembersLists } from "./members-lists.bench";
import { benchMessages } from "./messages.bench";
import { benchNotificationCentre } from "./notifications.bench";
import { benchPublicPages } from "./public-pages.bench";
import { benchSearchRoute } from "./search.bench";
import { benchServerMemory } from "./server-memory.bench";
import { benchSessionRoute } from "./session-route.bench";
import { benchSignIn } from "./sign-in.bench";
import { benchUsersList } from "./users.bench";

const BENCHMARKS: Record<string, () => Promise<void>> = {
  session: benchSessionRoute,
  lists: benchMembersLists,
  memory: benchServerMemory,
  "sign-in": benchSignIn,
  pages: benchPublicPages,
  users: benchUsersList,
  search: benchSearchRoute,
  load: benchMembersLoad,
  notifications: benchNotificationCentre,
  directory: benchDirectoryRoute,
  messages: benchMessages,
  import: benchMemberImport,
};

const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !(name in BENCHMARKS));
if (unknown.length > 0) {
  console.error(`No benchmark named ${unknown.join(", ")}. Names: ${Object.keys(BENCHMARKS).join(", ")}.`);
  process.exit(2);
}
for (const [name, run] of Object.entries(BENCHMARKS)) {
  if (chosen.length === 0 || chosen.includes(name)) await run();
}
