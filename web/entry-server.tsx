// The server's renderer of public pages (built by `vite build` into <outDir>-ssr, see vite.config.ts):
// the same routes as main.tsx, rendered for one address and one visitor, so the HTML carries the
// page's text before any script runs. main.tsx then hydrates it with the same two answers.
import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StaticRouter } from "react-router";
import type { PageState } from "../common/contracts/page-state";
import { seedPageState } from "./page-state";
import { AppRoutes } from "./router";

/**
 * The HTML of the app at `url` for this visitor, with every lazily loaded part of the page included
 * (the render waits for them). Data not in the state (news, sessions) renders in its loading state,
 * as the client's first render does, and is fetched after hydration.
 */
export async function renderPage(url: string, state: PageState, signal: AbortSignal): Promise<string> {
  // Queries never run here (only effects fetch, and none run on the server); the client's first render
  // sees the same pending state for everything the state does not answer.
  const queryClient = new QueryClient();
  seedPageState(queryClient, state);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </QueryClientProvider>
    </StrictMode>,
    // Every boundary inline: React would otherwise move large ones to the end of the document and
    // reveal them with inline scripts, which the Content-Security-Policy does not allow.
    { signal, progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString("utf8");
}
