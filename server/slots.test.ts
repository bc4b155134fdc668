import { describe, expect, it } from "vitest";
import { createSlots } from "./slots";

describe("hash slots", () => {
  it("runs at most as many tasks at once as it has slots, the others in arrival order, also after a failure", async () => {
    const inSlot = createSlots(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const task = (index: number) =>
      inSlot(async () => {
        started.push(index);
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        if (index === 1) throw new Error("failed");
        return index;
      });
    const results = await Promise.allSettled([0, 1, 2, 3, 4].map(task));
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled", "fulfilled", "fulfilled"]);
    expect(await inSlot(async () => "free again")).toBe("free again");
  });
});
