import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { publicConfigQueryOptions } from "./features/config/api";
import { viewerQueryOptions } from "./features/session/api";
import { queryClient } from "./lib/query-client";
import { Providers } from "./providers";
import { router } from "./router";
import "./styles.css";

// Start both reads before the first render: every page needs the session, the modal needs the config.
void queryClient.prefetchQuery(viewerQueryOptions);
void queryClient.prefetchQuery(publicConfigQueryOptions);

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
