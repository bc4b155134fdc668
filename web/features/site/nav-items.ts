import type { Profile } from "../../../common/contracts/auth";
import { paths } from "../../lib/paths";

export type NavItem = { to: string; label: string };

const publicItems: NavItem[] = [
  { to: paths.home, label: "Home" },
  { to: paths.university, label: "University" },
  { to: paths.mastermind, label: "Mastermind" },
  { to: paths.services, label: "Services" },
  { to: paths.brands, label: "Brands" },
  { to: paths.inTheNews, label: "In The News" },
  { to: paths.about, label: "About" },
];

/** Header links (spec 000 §2): Community once signed in, Admin for admins. */
export function headerNavItems(viewer: Profile | null | undefined): NavItem[] {
  const items = [...publicItems];
  if (viewer) items.push({ to: paths.members.root, label: "Community" });
  if (viewer?.role === "admin") items.push({ to: paths.admin.root, label: "Admin" });
  return items;
}
