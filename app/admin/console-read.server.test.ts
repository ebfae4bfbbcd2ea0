import { isRouteErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import { ConsoleQueryTimeout } from "../../server/db/console-query-timeout.ts";
import { consoleRead } from "./console-read.server";
import { isConsoleTooSlow } from "./too-slow";

/** What a loader throws, as React Router reads it (a `data()` it throws becomes a route error response). */
async function thrown(read: () => Promise<unknown>): Promise<unknown> {
  try {
    await consoleRead(read);
  } catch (error) {
    return error;
  }
  throw new Error("consoleRead did not throw");
}

describe("a console page's reads", () => {
  it("pass their result through", async () => {
    await expect(consoleRead(async () => ({ rows: 3 }))).resolves.toEqual({ rows: 3 });
  });

  it("turn a read past its limit into a 503 the console's error boundary recognises, naming the limit in seconds", async () => {
    const error = (await thrown(async () => {
      throw new ConsoleQueryTimeout(10_000);
    })) as { type: string; data: unknown; init: ResponseInit };
    expect(error.type).toBe("DataWithResponseInit");
    expect(error.init.status).toBe(503);
    expect(isConsoleTooSlow(error.data)).toBe(true);
    expect(error.data).toEqual({ reason: "console-too-slow", seconds: 10 });
  });

  it("leave any other failure as it was", async () => {
    const failure = new Error("the database is away");
    const error = await thrown(async () => {
      throw failure;
    });
    expect(error).toBe(failure);
    expect(isRouteErrorResponse(error)).toBe(false);
  });
});
