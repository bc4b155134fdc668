import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import type { PageState } from "../common/contracts/page-state";
import { publicConfigQueryOptions } from "./features/config/api";
import { viewerQueryOptions } from "./features/session/api";
import { queryClient } from "./lib/query-client";
import { seedPageState } from "./page-state";
import { Providers } from "./providers";
import { AppRoutes } from "./router";
import "./styles.css";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

const app = (
  <StrictMode>
    <Providers>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>
);

// A public page arrives rendered by the server (server/plugins/static-web.ts), with the answers it
// was rendered from; the first render here must use the same, or React would throw the HTML away.
const serverState = document.getElementById("page-state")?.textContent;
if (serverState && container.firstChild) {
  seedPageState(queryClient, JSON.parse(serverState) as PageState);
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  // Start both reads before the first render: every page needs the session, the modal needs the config.
  void queryClient.prefetchQuery(viewerQueryOptions);
  void queryClient.prefetchQuery(publicConfigQueryOptions);
  // A transition lets React render the first screen in small slices, so the phone never sees one
  // long task (Lighthouse's total blocking time) while the page appears.
  const root = createRoot(container);
  startTransition(() => {
    root.render(app);
  });
}
