import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminUser, AuditLogPage, BulkEmailInput, BulkEmailResponse, CreateUserInput, DangerZoneCounts, UserChange, UsersPage } from "../../../common/contracts/users";
import { getJson, requestJson } from "../../lib/api-client";

export const USERS_PAGE_SIZE = 25;

const usersKey = ["admin", "users"] as const;
const auditKey = ["admin", "audit-log"] as const;
/** The dashboard's numbers move with every account change too. */
const statsKey = ["admin", "stats"] as const;
const dangerZoneKey = [...usersKey, "danger-zone"] as const;

/** One page of the server-side search (name or email), newest first; the previous page stays on screen while the next loads. */
export function useUsersPage(search: string, page: number) {
  const params = new URLSearchParams({ search, page: String(page), pageSize: String(USERS_PAGE_SIZE) });
  return useQuery({
    queryKey: [...usersKey, "list", search, page],
    queryFn: () => getJson<UsersPage>(`/api/admin/users?${params.toString()}`),
    placeholderData: keepPreviousData,
  });
}

export function useAuditLog(page: number) {
  return useQuery({
    queryKey: [...auditKey, page],
    queryFn: () => getJson<AuditLogPage>(`/api/admin/audit-log?page=${page}`),
    placeholderData: keepPreviousData,
  });
}

function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return () => Promise.all([usersKey, auditKey, statsKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** Every account change; each waits for the lists to refetch, so a dialog closes onto a list that shows it. */
export function useUserMutations() {
  const refresh = useRefreshAfterChange();
  return {
    create: useMutation({ mutationFn: (input: CreateUserInput) => requestJson<AdminUser>("POST", "/api/admin/users", input), onSuccess: refresh }),
    change: useMutation({
      mutationFn: ({ id, change }: { id: string; change: UserChange }) => requestJson<AdminUser>("PATCH", `/api/admin/users/${encodeURIComponent(id)}`, change),
      onSettled: refresh,
    }),
    remove: useMutation({ mutationFn: (id: string) => requestJson<null>("DELETE", `/api/admin/users/${encodeURIComponent(id)}`), onSettled: refresh }),
  };
}

function useBulkChange(path: string) {
  const refresh = useRefreshAfterChange();
  return useMutation({ mutationFn: (expected: number) => requestJson<{ changed: number }>("POST", path, { expected }), onSettled: refresh });
}

/** The danger zone: counts read fresh right before the confirmation, then the change sent with the count the admin saw. */
export function useDangerZone() {
  const queryClient = useQueryClient();
  return {
    fetchCounts: () => queryClient.fetchQuery({ queryKey: dangerZoneKey, queryFn: () => getJson<DangerZoneCounts>("/api/admin/users/danger-zone"), staleTime: 0 }),
    deleteInactive: useBulkChange("/api/admin/users/delete-inactive"),
    resetRoles: useBulkChange("/api/admin/users/reset-roles"),
  };
}

export function useSendEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BulkEmailInput) => requestJson<BulkEmailResponse>("POST", "/api/admin/users/email", input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: auditKey }),
  });
}
