import { useState } from "react";
import { FilePlus } from "lucide-react";
import { CONTENT_MESSAGES, RESOURCE_CATEGORIES, RESOURCE_CATEGORY_LABELS, type ResourceCategory } from "../../../../common/content";
import type { AdminResource } from "../../../../common/contracts/resources";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { useAdminResources, useResourceMutations } from "../api";
import { IDLE, type EditorState } from "../editor-state";
import { useNotice } from "../use-notice";
import { FilterChips } from "../../../components/ui/filter-chips";
import { ConfirmDeleteDialog } from "./confirm-delete-dialog";
import { EditorCard } from "./editor-card";
import { LoadState } from "./load-state";
import { ResourceCard } from "./resource-card";
import { ResourceForm } from "./resource-form";
import { TabHeader } from "./tab-header";

type CategoryFilter = "all" | ResourceCategory;

const FILTERS = [{ value: "all" as const, label: "All" }, ...RESOURCE_CATEGORIES.map((category) => ({ value: category, label: RESOURCE_CATEGORY_LABELS[category] }))];

/** Content Management → Resource Library: category chips, the form, and the cards in the server's order. */
export function ResourcesTab() {
  const [category, setCategory] = useState<CategoryFilter>("all");
  const resources = useAdminResources(category);
  const { remove } = useResourceMutations();
  const [editor, setEditor] = useState<EditorState<AdminResource>>(IDLE);
  const [pendingDelete, setPendingDelete] = useState<AdminResource | null>(null);
  const [notice, showNotice] = useNotice();

  const shown = resources.data?.pages.flatMap((page) => page.resources) ?? [];

  return (
    <div className="grid gap-6">
      <TabHeader
        title="Resource Library"
        description="Guides, templates and checklists members download, each with the lowest tier that may open it."
        action={
          editor.mode === "idle" ? (
            <Button onClick={() => setEditor({ mode: "adding" })}>
              <FilePlus aria-hidden />
              Add Resource
            </Button>
          ) : null
        }
      />
      {notice ? <Alert variant="success">{notice}</Alert> : null}
      {editor.mode !== "idle" ? (
        <EditorCard title={editor.mode === "editing" ? `Edit “${editor.item.title}”` : "New resource"}>
          <ResourceForm
            key={editor.mode === "editing" ? editor.item.id : "new"}
            resource={editor.mode === "editing" ? editor.item : null}
            onCancel={() => setEditor(IDLE)}
            onSaved={(saved) => {
              showNotice(`Resource “${saved.title}” ${editor.mode === "editing" ? "updated" : "added"}.`);
              setEditor(IDLE);
            }}
          />
        </EditorCard>
      ) : null}
      <FilterChips label="Filter resources by category" options={FILTERS} value={category} onChange={setCategory} />
      <LoadState
        isPending={resources.isPending}
        isError={resources.isError}
        loadingLabel="Loading resources"
        errorMessage={CONTENT_MESSAGES.resourcesFailed}
        onRetry={() => resources.refetch()}
      />
      {resources.isSuccess ? (
        shown.length === 0 ? (
          <p className="rounded-lg border border-dashed border-navy-200 bg-surface px-4 py-10 text-center text-sm text-muted">{CONTENT_MESSAGES.noResourcesInCategory}</p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Resources">
            {shown.map((resource) => (
              <li key={resource.id}>
                <ResourceCard resource={resource} onEdit={() => setEditor({ mode: "editing", item: resource })} onDelete={() => setPendingDelete(resource)} />
              </li>
            ))}
          </ul>
        )
      ) : null}
      {resources.hasNextPage ? (
        <Button variant="outline" className="justify-self-center" disabled={resources.isFetchingNextPage} onClick={() => resources.fetchNextPage()}>
          {resources.isFetchingNextPage ? "Loading..." : "Load more resources"}
        </Button>
      ) : null}
      <ConfirmDeleteDialog
        target={pendingDelete}
        message={CONTENT_MESSAGES.confirmDeleteResource}
        onClose={() => setPendingDelete(null)}
        onConfirm={(id) => remove.mutateAsync(id)}
        onDeleted={(title) => {
          if (editor.mode === "editing" && editor.item.id === pendingDelete?.id) setEditor(IDLE);
          showNotice(`Resource “${title}” deleted.`);
        }}
      />
    </div>
  );
}
