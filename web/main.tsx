import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { publicConfigQueryOptions } from "./features/config/api";
import { viewerQueryOptions } from "./features/session/api";
import { queryClient } from "./lib/query-client";
import { Providers } from "./providers";
import { AppRoutes } from "./router";
import "./styles.css";

// Start both reads before the first render: every page needs the session, the modal needs the config.
void queryClient.prefetchQuery(viewerQueryOptions);
void queryClient.prefetchQuery(publicConfigQueryOptions);

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

// A transition lets React render the first screen in small slices, so the phone never sees one
// long task (Lighthouse's total blocking time) while the page appears.
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <Providers>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  );
});
