import { useQuery } from "@tanstack/react-query";
import type { PublicMastermindsResponse } from "../../../common/contracts/marketing";
import { getJson } from "../../lib/api-client";
import { useViewer } from "../session/api";
import { viewerKeyOf } from "../session/viewer-key";
import { publicMastermindsQueryKey } from "./query-keys";

/** The public Masterminds page's sessions, with what this viewer may join and watch (GET /api/masterminds). */
export function usePublicMasterminds() {
  const viewer = useViewer();
  return useQuery({
    queryKey: publicMastermindsQueryKey(viewerKeyOf(viewer.data)),
    queryFn: () => getJson<PublicMastermindsResponse>("/api/masterminds"),
    enabled: !viewer.isPending,
  });
}
