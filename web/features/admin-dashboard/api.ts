import { useQuery } from "@tanstack/react-query";
import type { AdminStats } from "../../../common/contracts/users";
import { getJson } from "../../lib/api-client";

/** The same key the user management screen invalidates after every account change. */
export const adminStatsKey = ["admin", "stats"] as const;

/** Counts, recent activity, 12 weeks of growth and MRR, all computed by the database. */
export function useAdminStats() {
  return useQuery({ queryKey: adminStatsKey, queryFn: () => getJson<AdminStats>("/api/admin/stats") });
}
