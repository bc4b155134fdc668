import { ExternalLink } from "lucide-react";
import type { ShownPersonProfile } from "../../../../common/contracts/people";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { PEOPLE_PAGE_MESSAGES } from "../messages";
import { TagList } from "./tag-list";

/** A member's own link: a new tab, no referrer window, and no endorsement for search engines. */
function ProfileLink({ href, label }: { href: string; label: string }) {
  return (
    <a href={href} target="_blank" rel="noopener nofollow" className="inline-flex max-w-full items-center gap-1.5 font-medium text-navy-700 underline-offset-2 hover:underline">
      <ExternalLink className="size-4 shrink-0" aria-hidden />
      <span className="truncate">{label}</span>
    </a>
  );
}

const shortAddress = (href: string) => href.replace(/^https?:\/\/(www\.)?/i, "").replace(/\/$/, "");

/** What they are building, their bio, expertise and links; nothing when they wrote none (or an admin hid it). */
export function ProfileAbout({ profile }: { profile: ShownPersonProfile }) {
  const hasLinks = profile.website !== "" || profile.linkedin !== "";
  if (!profile.building && !profile.bio && profile.expertise.length === 0 && !hasLinks) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{PEOPLE_PAGE_MESSAGES.about}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5 text-sm">
        {profile.building ? (
          <div className="grid gap-1">
            <h3 className="text-xs font-semibold tracking-wider text-muted uppercase">{PEOPLE_PAGE_MESSAGES.building}</h3>
            <p className="wrap-anywhere text-ink">{profile.building}</p>
          </div>
        ) : null}
        {profile.bio ? <p className="whitespace-pre-line wrap-anywhere text-ink">{profile.bio}</p> : null}
        {profile.expertise.length > 0 ? (
          <div className="grid gap-2">
            <h3 className="text-xs font-semibold tracking-wider text-muted uppercase">{PEOPLE_PAGE_MESSAGES.expertise}</h3>
            <TagList tags={profile.expertise} label={PEOPLE_PAGE_MESSAGES.expertise} />
          </div>
        ) : null}
        {hasLinks ? (
          <div className="grid gap-2">
            <h3 className="text-xs font-semibold tracking-wider text-muted uppercase">{PEOPLE_PAGE_MESSAGES.links}</h3>
            <ul className="grid gap-1.5">
              {profile.website ? (
                <li className="min-w-0">
                  <ProfileLink href={profile.website} label={shortAddress(profile.website)} />
                </li>
              ) : null}
              {profile.linkedin ? (
                <li className="min-w-0">
                  <ProfileLink href={profile.linkedin} label="LinkedIn" />
                </li>
              ) : null}
            </ul>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
