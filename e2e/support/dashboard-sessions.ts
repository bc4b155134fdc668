import { expect } from "@playwright/test";
import { newAdminApi } from "./admin-api";

/** The dashboard's three sample events (spec 000 §2), as the soonest upcoming sessions: created once per run. */
export const DASHBOARD_SESSIONS = [
  { title: "Monthly Mastermind Session", tier: "all", days: 1 },
  { title: "Market Testing Workshop", tier: "entrepreneur", days: 2 },
  { title: "VIP CEO Retreat", tier: "brand-ceo", days: 3 },
] as const;

export async function ensureDashboardSessions(): Promise<void> {
  const api = await newAdminApi();
  const listed = (await (await api.get("/api/admin/sessions")).json()) as { upcoming: Array<{ title: string }> };
  for (const session of DASHBOARD_SESSIONS) {
    if (listed.upcoming.some((existing) => existing.title === session.title)) continue;
    const response = await api.post("/api/admin/sessions", {
      data: {
        title: session.title,
        tier: session.tier,
        date: new Date(Date.now() + session.days * 86_400_000).toISOString().slice(0, 10),
        time: "10:00 AM-12:00 PM ET",
        location: "Live video call",
        description: "A session on the members dashboard.",
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  await api.dispose();
}
