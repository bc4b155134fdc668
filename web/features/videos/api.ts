import { useQuery } from "@tanstack/react-query";
import type { VideosResponse } from "../../../common/contracts/videos";
import { getJson } from "../../lib/api-client";
import { useViewer } from "../session/api";

/** The training videos the viewer may watch and the levels behind the filter chips (GET /api/videos). */
export function useVideos() {
  const viewer = useViewer();
  return useQuery({
    // Per viewer: the levels and the signed stream links differ by account.
    queryKey: ["videos", viewer.data?.id ?? "anonymous"],
    queryFn: () => getJson<VideosResponse>("/api/videos"),
    enabled: !viewer.isPending,
  });
}
