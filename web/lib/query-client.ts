import { QueryClient } from "@tanstack/react-query";
import { isClientError } from "./api-client";

/** The app's one query client: no retries for 4xx answers, at most two for the rest. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failureCount, error) => !isClientError(error) && failureCount < 2,
      refetchOnWindowFocus: true,
    },
    mutations: { retry: false },
  },
});
