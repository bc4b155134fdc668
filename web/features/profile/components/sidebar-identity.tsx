import type { ReactNode } from "react";
import type { Profile } from "../../../../common/contracts/auth";
import { ProfileAvatar } from "./profile-avatar";

type SidebarIdentityProps = { profile: Profile; title: string; subtitle?: string; badge: ReactNode };

/** Avatar (or initial), a title line and a badge at the top of a sidebar. */
export function SidebarIdentity({ profile, title, subtitle, badge }: SidebarIdentityProps) {
  return (
    <div className="flex items-center gap-3 pr-8 lg:pr-0">
      <ProfileAvatar profile={profile} className="ring-2 ring-white/20" />
      <div className="grid min-w-0 justify-items-start gap-1">
        <p className="max-w-full text-sm font-semibold break-words text-white">{title}</p>
        {subtitle ? <p className="max-w-full truncate text-xs text-navy-300">{subtitle}</p> : null}
        {badge}
      </div>
    </div>
  );
}
