import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DirectoryFilters, DirectoryPage, MemberProfileInput, OwnMemberProfile, PersonProfile } from "../../../common/contracts/people";
import { getJson, requestJson } from "../../lib/api-client";

/** What the directory page asks for; empty values are left out of the address. */
export interface DirectorySearch {
  q: string;
  stage: string;
  expertise: string;
  tier: string;
  country: string;
  sort: "newest" | "name";
}

const peopleKey = ["people"] as const;
const ownProfileKey = ["member-profile"] as const;

function directoryUrl(search: DirectorySearch, cursor: string | null): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) if (typeof value === "string" && value.trim() !== "") params.set(key, value.trim());
  if (cursor) params.set("cursor", cursor);
  return `/api/people?${params.toString()}`;
}

/** The member directory (GET /api/people), page by page; the last answer stays on screen while a new search loads. */
export function useDirectory(search: DirectorySearch) {
  return useInfiniteQuery({
    queryKey: [...peopleKey, "directory", search],
    queryFn: ({ pageParam }) => getJson<DirectoryPage>(directoryUrl(search, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    placeholderData: keepPreviousData,
  });
}

/** The most used tags and countries, for the filters (GET /api/people/filters). */
export function useDirectoryFilters() {
  return useQuery({ queryKey: [...peopleKey, "filters"], queryFn: () => getJson<DirectoryFilters>("/api/people/filters"), staleTime: 60_000 });
}

/** One member's profile as the server lets the viewer see it (GET /api/people/:id). */
export function usePersonProfile(id: string) {
  return useQuery({ queryKey: [...peopleKey, "profile", id], queryFn: () => getJson<PersonProfile>(`/api/people/${encodeURIComponent(id)}`) });
}

/** The signed-in member's own profile fields (GET /api/me/member-profile). */
export function useOwnMemberProfile() {
  return useQuery({ queryKey: ownProfileKey, queryFn: () => getJson<OwnMemberProfile>("/api/me/member-profile") });
}

/** PUT /api/me/member-profile; the directory and profiles read again afterwards. */
export function useSaveMemberProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MemberProfileInput) => requestJson<OwnMemberProfile>("PUT", "/api/me/member-profile", body),
    onSuccess: (saved) => queryClient.setQueryData(ownProfileKey, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: peopleKey }),
  });
}

/** Admins: hide (PUT) or restore (DELETE) a profile's text. */
export function useSetProfileTextHidden(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hidden: boolean) => requestJson<{ textHidden: boolean }>(hidden ? "PUT" : "DELETE", `/api/admin/people/${encodeURIComponent(id)}/text-hidden`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: peopleKey }),
  });
}
