import type { ReactNode } from "react";
import { isActiveMember } from "../api";
import { SessionGate } from "./session-gate";

/** The members area: signed-in, active accounts only. */
export function MembersGuard({ children }: { children: ReactNode }) {
  return <SessionGate allow={isActiveMember}>{children}</SessionGate>;
}
