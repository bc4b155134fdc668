import { Link } from "react-router";
import { POST_CATEGORY_LABELS } from "../../../../common/content";
import type { RecentPost } from "../../../../common/contracts/people";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { paths } from "../../../lib/paths";
import { exactDate, postedAgo } from "../../community/format";
import { PEOPLE_PAGE_MESSAGES } from "../messages";

/** The member's newest community posts the viewer may read, each opening the post. */
export function RecentPosts({ posts }: { posts: readonly RecentPost[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{PEOPLE_PAGE_MESSAGES.recentPosts}</CardTitle>
      </CardHeader>
      <CardContent>
        {posts.length === 0 ? (
          <p className="text-sm text-muted">{PEOPLE_PAGE_MESSAGES.noRecentPosts}</p>
        ) : (
          <ul className="grid divide-y divide-border">
            {posts.map((post) => (
              <li key={post.id} className="grid gap-1 py-3 first:pt-0 last:pb-0">
                <Link to={paths.members.post(post.id)} className="text-sm wrap-anywhere whitespace-pre-line text-ink underline-offset-2 hover:underline">
                  {post.excerpt}
                </Link>
                <p className="text-xs text-muted">
                  <time dateTime={post.createdAt} title={exactDate(post.createdAt)}>
                    {postedAgo(post.createdAt)}
                  </time>
                  {` · ${POST_CATEGORY_LABELS[post.category]} · ${post.likes} likes · ${post.replyCount} replies`}
                </p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
