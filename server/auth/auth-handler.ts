import { router } from "better-auth/api";
import type { Auth } from "./auth";

/**
 * better-auth's `auth.handler` with its router built once. The library's own handler builds every
 * endpoint, their body schemas and the route table again for each request, only to pick up origins
 * or a base URL that depend on the request; ours are fixed at start (`PUBLIC_URL` and the trusted
 * origins), so the start-time context already holds them. Building the router cost each sign-in
 * about 1 ms of CPU, plus compiling the fresh schemas when they were first used. Each request still
 * gets its own copy of the context (better-call copies it per request, better-auth per endpoint call).
 * The library's handler also runs the request in its adapter's async context, which holds the same
 * adapter outside a transaction; its transactions open their own.
 */
export async function createAuthHandler(auth: Auth): Promise<(request: Request) => Promise<Response>> {
  // Typed with this app's exact options; the router takes the context of any options.
  const context = (await auth.$context) as unknown as Parameters<typeof router>[0];
  const { handler } = router(context, auth.options);
  return handler;
}
