import { useQuery } from "@tanstack/react-query";
import { getJson } from "../../lib/api-client";
import type { OpenApiDocument } from "./reading";

export const OPENAPI_PATH = "/api/openapi.json";

/** The server's own description of its API; it changes only with a new release. */
export function useOpenApiDocument() {
  return useQuery({ queryKey: ["openapi"], queryFn: () => getJson<OpenApiDocument>(OPENAPI_PATH), staleTime: Infinity });
}
