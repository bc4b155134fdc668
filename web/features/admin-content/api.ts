import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryKey } from "@tanstack/react-query";
import type { ResourceCategory } from "../../../common/content";
import type { AdminResource, AdminResourcesResponse, ResourceInput } from "../../../common/contracts/resources";
import type { MastermindSession, SessionInput, SessionsResponse } from "../../../common/contracts/sessions";
import type { AdminVideo, AdminVideosResponse, VideoInput } from "../../../common/contracts/videos";
import { getJson, requestJson } from "../../lib/api-client";

const sessionsKey = ["admin", "sessions"] as const;
const resourcesKey = ["admin", "resources"] as const;
const videosKey = ["admin", "videos"] as const;

export function useAdminSessions() {
  return useQuery({ queryKey: sessionsKey, queryFn: () => getJson<SessionsResponse>("/api/admin/sessions") });
}

const RESOURCES_PAGE_SIZE = 48;

/** The library one category at a time, a page at a time, in the server's order. */
export function useAdminResources(category: "all" | ResourceCategory) {
  return useInfiniteQuery({
    queryKey: [...resourcesKey, category],
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      getJson<AdminResourcesResponse>(`/api/admin/resources?category=${category}&page=${pageParam}&pageSize=${RESOURCES_PAGE_SIZE}`),
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });
}

export function useAdminVideos() {
  return useQuery({ queryKey: videosKey, queryFn: () => getJson<AdminVideosResponse>("/api/admin/videos") });
}

/** What a save sends: no id creates (POST), an id replaces that item (PUT). */
export type SaveRequest<Input> = { id: number | null; input: Input };

/**
 * Save and delete for one admin collection. Both wait for the list to be refetched, so a form closes
 * onto a list that already shows the change (the server owns the order); a refused one refetches too,
 * so an item another admin deleted meanwhile leaves the list.
 */
function useCollectionMutations<Input, Item>(basePath: string, listKey: QueryKey) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: listKey });
  return {
    save: useMutation({
      mutationFn: ({ id, input }: SaveRequest<Input>) =>
        id === null ? requestJson<Item>("POST", basePath, input) : requestJson<Item>("PUT", `${basePath}/${id}`, input),
      onSettled: refresh,
    }),
    remove: useMutation({ mutationFn: (id: number) => requestJson<null>("DELETE", `${basePath}/${id}`), onSettled: refresh }),
  };
}

export const useSessionMutations = () => useCollectionMutations<SessionInput, MastermindSession>("/api/admin/sessions", sessionsKey);
export const useResourceMutations = () => useCollectionMutations<ResourceInput, AdminResource>("/api/admin/resources", resourcesKey);
export const useVideoMutations = () => useCollectionMutations<VideoInput, AdminVideo>("/api/admin/videos", videosKey);
