import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { FoldersResponse, MediaItem, MediaKind, MediaPage, MediaUpdate, MediaUsage, MediaUsages, YoutubeInput } from "../../../common/contracts/media";
import { MEDIA_MESSAGES, MEDIA_PAGE_SIZE } from "../../../common/contracts/media";
import { useCallback } from "react";
import { ApiError, getJson, requestJson } from "../../lib/api-client";
import { useIdempotencyKeys } from "../../lib/idempotency-keys";

const mediaKey = ["admin", "media"] as const;
const foldersKey = ["admin", "media-folders"] as const;

export type MediaFilter = { kind: "all" | MediaKind; folder: string; search: string; page: number };
/** What a file field's picker may offer: these kinds only, and only stored files when it links a file (not YouTube). */
export type MediaScope = { kinds?: readonly MediaKind[]; storedOnly?: boolean };

export function useMediaPage(filter: MediaFilter, scope: MediaScope = {}) {
  const kind = filter.kind !== "all" ? filter.kind : scope.kinds?.join(",") || "all";
  const query = new URLSearchParams({ kind, folder: filter.folder, search: filter.search, page: String(filter.page), pageSize: String(MEDIA_PAGE_SIZE) });
  if (scope.storedOnly) query.set("stored", "true");
  return useQuery({
    queryKey: [...mediaKey, filter, scope],
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
export const fetchMediaUsages = (ids: number[]) => getJson<MediaUsages>(`/api/admin/media/usage?${new URLSearchParams({ ids: ids.join(",") }).toString()}`);

/** Where an upload goes, and for Upload New of a file field the only kinds the server should take. */
export type UploadTarget = { folder: string; kinds?: readonly MediaKind[] };

/**
 * Uploads one file as multipart, reporting the bytes sent (0 to 1) as they leave the browser: fetch
 * cannot report upload progress, XMLHttpRequest can. `headers` carries the upload's Idempotency-Key.
 */
function uploadMedia(file: File, target: UploadTarget, onProgress: (fraction: number) => void, headers: Record<string, string> = {}): Promise<MediaItem> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    const query = new URLSearchParams({ folder: target.folder });
    if (target.kinds?.length) query.set("kind", target.kinds.join(","));
    request.open("POST", `/api/admin/media?${query.toString()}`);
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
export function useUploadMedia(): (file: File, target: UploadTarget, onProgress: (fraction: number) => void) => Promise<MediaItem> {
  const keys = useIdempotencyKeys();
  return useCallback(
    async (file, target, onProgress) => {
      const submission = { folder: target.folder, name: file.name, size: file.size, type: file.type, lastModified: file.lastModified };
      const item = await uploadMedia(file, target, onProgress, keys.headerFor(submission));
      keys.succeeded(submission);
      return item;
    },
    [keys],
  );
}
