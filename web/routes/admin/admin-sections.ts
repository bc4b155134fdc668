import type { LucideIcon } from "lucide-react";
import { BookOpen, Braces, CreditCard, Flag, Image, Mail, Settings, Users } from "lucide-react";
import type { AdminSectionRoute } from "../../../common/web-routes";

export type AdminSection = { path: AdminSectionRoute; title: string; description: string; icon: LucideIcon; comingSoon: string };

/** Admin screens besides the overview (spec 001 §2.2), in sidebar order. */
export const ADMIN_SECTIONS: AdminSection[] = [
  {
    path: "users",
    title: "User Management",
    description: "Search members, change roles, tiers and account status.",
    icon: Users,
    comingSoon: "The member list and its role, tier and status controls are being built. Until then, create admins with npm run admin:create.",
  },
  {
    path: "billing",
    title: "Billing",
    description: "Failed payments and the reminders members get.",
    icon: CreditCard,
    comingSoon: "Failed payments will be listed here.",
  },
  {
    path: "content",
    title: "Content Management",
    description: "Mastermind sessions, community discussions, resources and training videos.",
    icon: BookOpen,
    comingSoon: "Editing tools for sessions, posts, resources and videos will live here.",
  },
  {
    path: "moderation",
    title: "Moderation",
    description: "Flagged posts and replies, warnings and suspensions.",
    icon: Flag,
    comingSoon: "Flagged posts and replies will be reviewed here.",
  },
  {
    path: "media",
    title: "Media Library",
    description: "Upload, organise and reuse images, videos and documents.",
    icon: Image,
    comingSoon: "Uploads and folders for images, videos and documents will live here.",
  },
  {
    path: "email",
    title: "Email Settings",
    description: "Sending account, templates and delivery logs.",
    icon: Mail,
    comingSoon: "Mail settings, templates and the delivery log will live here.",
  },
  {
    path: "settings",
    title: "Admin Settings",
    description: "Community settings, invitations and coupon codes.",
    icon: Settings,
    comingSoon: "Invitations, coupon codes and community settings will live here.",
  },
  {
    path: "api",
    title: "API Reference",
    description: "Every endpoint for integrators: access, fields and limits.",
    icon: Braces,
    comingSoon: "The API reference will live here.",
  },
];
