import { useQuery } from "@tanstack/react-query";
import type { PublicMastermindsResponse } from "../../../common/contracts/marketing";
import { getJson } from "../../lib/api-client";
import { useViewer } from "../session/api";

/** The public Masterminds page's sessions, with what this viewer may join and watch (GET /api/masterminds). */
export function usePublicMasterminds() {
  const viewer = useViewer();
  return useQuery({
    // Per viewer: recording links and access differ, and signing in or out must refetch.
    queryKey: ["masterminds", "public", viewer.data?.id ?? "anonymous"],
    queryFn: () => getJson<PublicMastermindsResponse>("/api/masterminds"),
    enabled: !viewer.isPending,
  });
}
