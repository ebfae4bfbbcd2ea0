import { describe, expect, it, vi } from "vitest";
import { lazySchema, z } from "./zod";

describe("lazySchema", () => {
  it("builds nothing until first asked, then the same schema every time", () => {
    const build = vi.fn(() => z.object({ email: z.email() }));
    const schema = lazySchema(build);
    expect(build).not.toHaveBeenCalled();
    expect(schema().safeParse({ email: "ana@example.com" }).success).toBe(true);
    expect(schema()).toBe(schema());
    expect(build).toHaveBeenCalledTimes(1);
  });
});
