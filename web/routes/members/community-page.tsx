import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ArrowLeft } from "lucide-react";
import { AppPage } from "../../components/layout/app-page";
import { PageHeader } from "../../components/layout/page-header";
import { MEMBER_FILTERS, type FeedCategory } from "../../features/community/categories";
import { CategoryList } from "../../features/community/components/category-list";
import { CommunityGuidelines } from "../../features/community/components/community-guidelines";
import { PostComposer } from "../../features/community/components/post-composer";
import { PostFeed } from "../../features/community/components/post-feed";
import { SuspensionNotice } from "../../features/community/components/suspension-notice";
import { COMMUNITY_MESSAGES } from "../../features/community/messages";
import { paths } from "../../lib/paths";

/** The post a notification leads to (`?post=12`), or null for the feed. */
function usePostParam(): number | null {
  const value = useSearchParams()[0].get("post");
  return value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

/**
 * /members/community: the category list, the guidelines, the 'Post to Community' form and the feed.
 * On phones the categories lead and the guidelines close the page; on wide screens both sit beside the feed.
 */
export default function CommunityPage() {
  const [category, setCategory] = useState<FeedCategory>("all");
  const postId = usePostParam();
  const navigate = useNavigate();
  const chooseCategory = (next: FeedCategory) => {
    setCategory(next);
    // A category is a feed: leave the single post a notification opened.
    if (postId !== null) void navigate(paths.members.community);
  };

  return (
    <AppPage>
      <PageHeader eyebrow="Members area" title="Community" description="Ask questions, share wins and learn from inventors and brand owners who have been there." />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_17rem] lg:grid-rows-[auto_auto_1fr] lg:items-start lg:gap-8">
        <div className="lg:col-start-2 lg:row-start-1">
          <CategoryList options={MEMBER_FILTERS} value={category} onChange={chooseCategory} />
        </div>
        <div className="grid min-w-0 gap-6 lg:col-start-1 lg:row-span-3 lg:row-start-1">
          <SuspensionNotice />
          <PostComposer defaultCategory={category === "all" ? "general" : category} />
          <section aria-labelledby="community-feed-heading" className="grid gap-4">
            <h2 id="community-feed-heading" className="sr-only">
              Discussions
            </h2>
            {postId === null ? null : (
              <Link to={paths.members.community} className="inline-flex items-center gap-1.5 justify-self-start text-sm font-medium text-navy-700 underline-offset-2 hover:underline">
                <ArrowLeft className="size-4" aria-hidden />
                All discussions
              </Link>
            )}
            <PostFeed category={category} postId={postId} emptyAll={{ title: COMMUNITY_MESSAGES.noPostsYet, hint: COMMUNITY_MESSAGES.noPostsYetHint }} />
          </section>
        </div>
        <div className="lg:col-start-2 lg:row-start-2">
          <CommunityGuidelines />
        </div>
      </div>
    </AppPage>
  );
}
