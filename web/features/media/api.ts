import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { FoldersResponse, MediaItem, MediaKind, MediaPage, MediaUpdate, MediaUsage, YoutubeInput } from "../../../common/contracts/media";
import { MEDIA_MESSAGES, MEDIA_PAGE_SIZE } from "../../../common/contracts/media";
import { useCallback } from "react";
import { ApiError, getJson, requestJson } from "../../lib/api-client";
import { useIdempotencyKeys } from "../../lib/idempotency-keys";

const mediaKey = ["admin", "media"] as const;
const foldersKey = ["admin", "media-folders"] as const;

export type MediaFilter = { kind: "all" | MediaKind; folder: string; search: string; page: number };

export function useMediaPage(filter: MediaFilter) {
  const query = new URLSearchParams({ kind: filter.kind, folder: filter.folder, search: filter.search, page: String(filter.page), pageSize: String(MEDIA_PAGE_SIZE) });
  return useQuery({
    queryKey: [...mediaKey, filter],
    queryFn: () => getJson<MediaPage>(`/api/admin/media?${query.toString()}`),
    placeholderData: keepPreviousData,
  });
}

export function useMediaFolders() {
  return useQuery({ queryKey: foldersKey, queryFn: () => getJson<FoldersResponse>("/api/admin/media/folders") });
}

/** Every library change refreshes the lists and the folders (an item may bring a folder with it). */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: mediaKey }), queryClient.invalidateQueries({ queryKey: foldersKey })]);
}

export function useMediaMutations() {
  const refresh = useRefresh();
  return {
    update: useMutation({ mutationFn: ({ id, update }: { id: number; update: MediaUpdate }) => requestJson<MediaItem>("PATCH", `/api/admin/media/${id}`, update), onSettled: refresh }),
    remove: useMutation({ mutationFn: (id: number) => requestJson<null>("DELETE", `/api/admin/media/${id}`), onSettled: refresh }),
    createFolder: useMutation({ mutationFn: (name: string) => requestJson<FoldersResponse>("POST", "/api/admin/media/folders", { name }), onSettled: refresh }),
    addYoutube: useMutation({ mutationFn: (input: YoutubeInput) => requestJson<MediaItem>("POST", "/api/admin/media/youtube", input), onSettled: refresh }),
    refresh,
  };
}

export const fetchMediaUsage = (id: number) => getJson<MediaUsage>(`/api/admin/media/${id}/usage`);

/**
 * Uploads one file as multipart, reporting the bytes sent (0 to 1) as they leave the browser: fetch
 * cannot report upload progress, XMLHttpRequest can. `headers` carries the upload's Idempotency-Key.
 */
function uploadMedia(file: File, folder: string, onProgress: (fraction: number) => void, headers: Record<string, string> = {}): Promise<MediaItem> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", `/api/admin/media?${new URLSearchParams({ folder }).toString()}`);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.responseType = "json";
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = request.response as { error?: { code: string; message: string } } | MediaItem | null;
      if (request.status === 201 && body && !("error" in body)) return resolve(body as MediaItem);
      const error = body && "error" in body ? body.error : undefined;
      reject(new ApiError(request.status, error?.code ?? "UPLOAD_FAILED", error?.message ?? MEDIA_MESSAGES.uploadFailed));
    };
    request.onerror = () => reject(new ApiError(0, "UPLOAD_FAILED", MEDIA_MESSAGES.uploadFailed));
    const form = new FormData();
    form.append("file", file);
    request.send(form);
  });
}

/**
 * Uploads with an Idempotency-Key per file: the same file (name, size, type, date) into the same
 * folder again after a failure retries that upload, so one that reached the server is not stored twice.
 */
export function useUploadMedia(): (file: File, folder: string, onProgress: (fraction: number) => void) => Promise<MediaItem> {
  const keys = useIdempotencyKeys();
  return useCallback(
    async (file, folder, onProgress) => {
      const submission = { folder, name: file.name, size: file.size, type: file.type, lastModified: file.lastModified };
      const item = await uploadMedia(file, folder, onProgress, keys.headerFor(submission));
      keys.succeeded(submission);
      return item;
    },
    [keys],
  );
}
