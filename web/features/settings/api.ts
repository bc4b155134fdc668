import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { GeneralSettings, PublicSettings } from "../../../common/contracts/settings";
import { getJson, requestJson } from "../../lib/api-client";

const generalSettingsKey = ["admin", "settings", "general"] as const;

export const publicSettingsQueryOptions = queryOptions({
  queryKey: ["settings", "public"],
  queryFn: () => getJson<PublicSettings>("/api/settings/public"),
  staleTime: 60_000,
});

/** Community name and whether sign-up is open, for the sign-up modal. */
export function usePublicSettings() {
  return useQuery(publicSettingsQueryOptions);
}

/** Admin Settings → General Settings, as saved on the server. */
export function useGeneralSettings() {
  return useQuery({ queryKey: generalSettingsKey, queryFn: () => getJson<GeneralSettings>("/api/admin/settings") });
}

/** PUT /api/admin/settings; the answer becomes the cached settings, and the public view is read afresh. */
export function useSaveGeneralSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: GeneralSettings) => requestJson<GeneralSettings>("PUT", "/api/admin/settings", settings),
    onSuccess: (saved) => {
      queryClient.setQueryData(generalSettingsKey, saved);
      void queryClient.invalidateQueries({ queryKey: publicSettingsQueryOptions.queryKey });
    },
  });
}
