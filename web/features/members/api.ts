import { useQuery } from "@tanstack/react-query";
import type { DashboardResponse } from "../../../common/contracts/members";
import { getJson } from "../../lib/api-client";

/** Upcoming events the viewer's tier may see (the server filters them). */
export function useDashboard() {
  return useQuery({
    queryKey: ["members", "dashboard"],
    queryFn: () => getJson<DashboardResponse>("/api/members/dashboard"),
  });
}
