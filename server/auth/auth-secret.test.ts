import { mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resolveAuthSecret } from "./auth-secret";

describe("auth secret", () => {
  it("generates one into DATA_DIR on first start, readable only by the owner, and reuses it", () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), "secret-")), "data");
    const first = resolveAuthSecret(undefined, dir);
    expect(first.length).toBeGreaterThanOrEqual(48);
    expect(resolveAuthSecret(undefined, dir)).toBe(first);
    expect(statSync(path.join(dir, "auth-secret")).mode & 0o077).toBe(0);
    expect(resolveAuthSecret("configured-secret-value-that-is-long-enough", dir)).toBe("configured-secret-value-that-is-long-enough");
  });
});
