import { useState } from "react";
import { Download, Mail, Search, Users } from "lucide-react";
import type { AdminUser } from "../../../../common/contracts/users";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { Input } from "../../../components/ui/input";
import { Spinner } from "../../../components/ui/spinner";
import { LoadState } from "../../admin-content/components/load-state";
import { USERS_PAGE_SIZE, useUsersPage } from "../api";
import { exportHref } from "../member-import-api";
import { plural, USERS_TEXT } from "../messages";
import { useDebouncedValue } from "../use-debounced-value";
import { Pager } from "./pager";
import { SendEmailDialog, type EmailAudience } from "./send-email-dialog";
import { UserChangeDialog, type PendingAction } from "./user-change-dialog";
import { UsersTable } from "./users-table";

/** Typing pauses this long before the server is asked. */
const SEARCH_DEBOUNCE_MS = 300;

type Notice = { tone: "success" | "error"; text: string };

/** The searchable, paged list with selection, the row actions and Send Email (spec 001 §2.4). */
export function UsersPanel({ viewerId }: { viewerId: string }) {
  const [search, setSearch] = useState("");
  const query = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // The page belongs to the search it was chosen for: a new search starts on page 1.
  const [paging, setPaging] = useState({ query: "", page: 1 });
  const page = paging.query === query ? paging.page : 1;
  const users = useUsersPage(query, page);
  const [selected, setSelected] = useState<ReadonlyMap<string, AdminUser>>(new Map());
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [emailOpen, setEmailOpen] = useState(false);
  // "All N matching": every account of the search, not only the pages seen; a new search ends it.
  const [allMatchingFor, setAllMatchingFor] = useState<string | null>(null);

  const list = users.data?.users ?? [];
  const total = users.data?.total ?? 0;
  const allOnPageSelected = list.length > 0 && list.every((user) => selected.has(user.id));
  const someOnPageSelected = list.some((user) => selected.has(user.id));
  const allMatching = allMatchingFor !== null && allMatchingFor === query && users.data !== undefined;
  const selectedCount = allMatching ? total : selected.size;
  const clearSelection = () => {
    setSelected(new Map());
    setAllMatchingFor(null);
  };
  const audience: EmailAudience = allMatching ? { kind: "matching", search: query, total } : { kind: "selected", users: [...selected.values()] };

  const goTo = (next: number) => setPaging({ query, page: next });

  function toggle(user: AdminUser) {
    setAllMatchingFor(null);
    setSelected((current) => {
      const next = new Map(current);
      if (!next.delete(user.id)) next.set(user.id, user);
      return next;
    });
  }

  function togglePage() {
    if (allOnPageSelected) setAllMatchingFor(null);
    setSelected((current) => {
      const next = new Map(current);
      for (const user of list) {
        if (allOnPageSelected) next.delete(user.id);
        else next.set(user.id, user);
      }
      return next;
    });
  }

  function openEmail() {
    if (selectedCount === 0) return setNotice({ tone: "error", text: USERS_TEXT.selectUsers });
    setNotice(null);
    setEmailOpen(true);
  }

  function actionDone(message: string) {
    setNotice({ tone: "success", text: message });
    if (pending?.action !== "delete") return;
    setSelected((current) => {
      const next = new Map(current);
      next.delete(pending.user.id);
      return next;
    });
    // The last account of a later page is gone: show the page before it.
    if (list.length === 1 && page > 1) goTo(page - 1);
  }

  return (
    <div className="grid gap-5">
      <div className="grid gap-3 sm:flex sm:items-center sm:justify-between">
        <div className="relative w-full sm:max-w-sm">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" aria-hidden />
          <Input
            type="search"
            aria-label="Search users"
            placeholder="Search by name or email"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="pr-10 pl-9"
          />
          {users.isFetching && !users.isPending ? (
            <span className="absolute top-1/2 right-3 -translate-y-1/2">
              <Spinner className="size-4" label="Searching" />
            </span>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" asChild>
            {/* The search in force decides who is exported; the server streams the file. */}
            <a href={exportHref(query)} download>
              <Download aria-hidden />
              Export CSV
            </a>
          </Button>
          <Button variant="outline" onClick={openEmail}>
            <Mail aria-hidden />
            {selectedCount > 0 ? `Send Email (${selectedCount})` : "Send Email"}
          </Button>
        </div>
      </div>

      {notice ? <Alert variant={notice.tone}>{notice.text}</Alert> : null}

      <LoadState
        isPending={users.isPending}
        isError={users.isError && !users.data}
        loadingLabel="Loading users"
        errorMessage={USERS_TEXT.loadFailed}
        onRetry={() => users.refetch()}
      />

      {users.data ? (
        <>
          <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm">
            <label className="inline-flex items-center gap-2 font-medium text-ink">
              <input
                type="checkbox"
                className="size-4 accent-navy-800"
                checked={allOnPageSelected || (allMatching && list.length > 0)}
                ref={(box) => {
                  if (box) box.indeterminate = someOnPageSelected && !allOnPageSelected;
                }}
                onChange={togglePage}
                disabled={list.length === 0}
              />
              Select all on this page
            </label>
            <p className="flex flex-wrap items-center gap-x-3 text-muted">
              <span data-testid="users-total">{query ? `${plural(total, "user")} matching “${query}”` : plural(total, "user")}</span>
              {selectedCount > 0 ? (
                <>
                  <span aria-live="polite">{allMatching ? `All ${selectedCount} selected` : `${selectedCount} selected`}</span>
                  {allOnPageSelected && !allMatching && total > selected.size ? (
                    <Button variant="link" size="sm" onClick={() => setAllMatchingFor(query)}>
                      {query ? `Select all ${total} matching “${query}”` : `Select all ${total} users`}
                    </Button>
                  ) : null}
                  <Button variant="link" size="sm" onClick={clearSelection}>
                    Clear selection
                  </Button>
                </>
              ) : null}
            </p>
          </div>
          {users.isError ? <Alert variant="error">{USERS_TEXT.loadFailed}</Alert> : null}
          {list.length === 0 ? (
            <EmptyState
              icon={Users}
              title={page > 1 ? "No users on this page" : query ? "No matching users" : "No users yet"}
              action={
                page > 1 ? (
                  <Button variant="outline" onClick={() => goTo(1)}>
                    Back to page 1
                  </Button>
                ) : null
              }
            >
              {page > 1 ? "Accounts were removed since this page was opened." : query ? `No name or email contains “${query}”.` : null}
            </EmptyState>
          ) : (
            <UsersTable users={list} viewerId={viewerId} selectedIds={new Set(allMatching ? list.map((user) => user.id) : selected.keys())} onToggle={toggle} onAction={(user, action) => setPending({ user, action })} />
          )}
          <Pager page={page} pageSize={USERS_PAGE_SIZE} total={total} label="Users pages" onPage={goTo} busy={users.isPlaceholderData} />
        </>
      ) : null}

      <UserChangeDialog pending={pending} onClose={() => setPending(null)} onDone={actionDone} />
      <SendEmailDialog
        audience={audience}
        open={emailOpen}
        onOpenChange={setEmailOpen}
        onSent={() => {
          setEmailOpen(false);
          clearSelection();
        }}
      />
    </div>
  );
}
