import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { MeResponse, Profile, UpdateProfileBody } from "../../../common/contracts/auth";
import { patchJson } from "../../lib/api-client";
import { viewerQueryKey } from "../session/api";

/** PATCH /api/me/profile; the answer replaces the cached viewer so both shells update at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateProfileBody): Promise<Profile> => {
      const response = await patchJson<MeResponse>("/api/me/profile", body);
      if (!response.user) throw new Error("The server answered without a profile");
      return response.user;
    },
    onSuccess: (user) => {
      queryClient.setQueryData(viewerQueryKey, user);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: viewerQueryKey }),
  });
}
