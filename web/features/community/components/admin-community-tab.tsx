import { useState } from "react";
import { MessageSquarePlus } from "lucide-react";
import type { Post } from "../../../../common/contracts/community";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { FilterChips } from "../../../components/ui/filter-chips";
import { EditorCard } from "../../admin-content/components/editor-card";
import { TabHeader } from "../../admin-content/components/tab-header";
import { IDLE, type EditorState } from "../../admin-content/editor-state";
import { useNotice } from "../../admin-content/use-notice";
import { ADMIN_FILTERS, type FeedCategory } from "../categories";
import { excerpt } from "../format";
import { AdminPostForm } from "./admin-post-form";
import { PostFeed } from "./post-feed";

/**
 * Content Management → Community Discussions (spec 001 §2.6 tab 2): category chips, the add/edit form
 * and the feed with replies. The admin sees every post, whatever its access level; new posts show the author Admin.
 */
export function AdminCommunityTab() {
  const [category, setCategory] = useState<FeedCategory>("all");
  const [editor, setEditor] = useState<EditorState<Post>>(IDLE);
  const [notice, showNotice] = useNotice();

  return (
    <div className="grid gap-6">
      <TabHeader
        title="Community Discussions"
        description="Post announcements as Admin, feature what matters, and keep the members' board on topic."
        action={
          editor.mode === "idle" ? (
            <Button onClick={() => setEditor({ mode: "adding" })}>
              <MessageSquarePlus aria-hidden />
              Add Post
            </Button>
          ) : null
        }
      />
      {notice ? <Alert variant="success">{notice}</Alert> : null}
      {editor.mode !== "idle" ? (
        <EditorCard title={editor.mode === "editing" ? `Edit “${excerpt(editor.item.content)}”` : "New post"}>
          <AdminPostForm
            key={editor.mode === "editing" ? editor.item.id : "new"}
            post={editor.mode === "editing" ? editor.item : null}
            onCancel={() => setEditor(IDLE)}
            onSaved={() => {
              showNotice(editor.mode === "editing" ? "Post updated." : "Post published.");
              setEditor(IDLE);
            }}
          />
        </EditorCard>
      ) : null}
      <FilterChips label="Filter posts by category" options={ADMIN_FILTERS} value={category} onChange={setCategory} />
      <PostFeed
        category={category}
        onEdit={(post) => setEditor({ mode: "editing", item: post })}
        onDeleted={(post) => {
          if (editor.mode === "editing" && editor.item.id === post.id) setEditor(IDLE);
        }}
        showAccessLevel
      />
    </div>
  );
}
