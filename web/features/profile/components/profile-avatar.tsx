import { useState } from "react";
import type { Profile } from "../../../../common/contracts/auth";
import { cn } from "../../../lib/cn";
import { initialOf } from "../../../lib/format";

type ProfileAvatarProps = { profile: Pick<Profile, "name" | "email" | "profilePicture">; className?: string };

/** The member's picture, or the first letter of their name when there is none (or it fails to load). */
export function ProfileAvatar({ profile, className }: ProfileAvatarProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const picture = profile.profilePicture;
  const base = cn("inline-flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-full", className);

  if (picture && picture !== failedUrl) {
    return (
      <img
        src={picture}
        alt=""
        className={cn(base, "bg-navy-100 object-cover")}
        referrerPolicy="no-referrer"
        onError={() => setFailedUrl(picture)}
      />
    );
  }
  return (
    <span className={cn(base, "bg-accent text-lg font-bold text-accent-foreground")} aria-hidden>
      {initialOf(profile.name || profile.email)}
    </span>
  );
}
