import type { ReactNode } from "react";
import { isAdmin } from "../api";
import { SessionGate } from "./session-gate";

/** The admin area: signed-in, active admins only. */
export function AdminGuard({ children }: { children: ReactNode }) {
  return <SessionGate allow={isAdmin}>{children}</SessionGate>;
}
