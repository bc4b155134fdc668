import { Navigate, useParams } from "react-router";
import type { MemberAdminRoute } from "../../../common/web-routes";
import { useViewer } from "../../features/session/api";
import { paths } from "../../lib/paths";

const ADMIN_PAGE_OF: Record<MemberAdminRoute, string> = {
  admin: paths.admin.root,
  "admin/users": paths.admin.users,
  "admin/content": paths.admin.content,
  "admin/media": paths.admin.media,
  "admin/settings": paths.admin.settings,
};

const isMemberAdminRoute = (path: string): path is MemberAdminRoute => Object.hasOwn(ADMIN_PAGE_OF, path);

/** Spec 000 §2's /members/admin… card addresses: an admin lands on the matching /admin page, anyone else on /. */
export default function MembersAdminRedirect() {
  const viewer = useViewer().data;
  const section = useParams()["*"]?.toLowerCase().replace(/\/$/, "") ?? "";
  const address = `admin${section ? `/${section}` : ""}`;
  const target = viewer?.role === "admin" && isMemberAdminRoute(address) ? ADMIN_PAGE_OF[address] : paths.home;
  return <Navigate to={target} replace />;
}
