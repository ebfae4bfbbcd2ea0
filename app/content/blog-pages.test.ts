import { describe, expect, it } from "vitest";
import { blogListHead, blogListPath } from "./blog-pages";

describe("the blog list's pages", () => {
  it("writes only what differs from the first page of everything", () => {
    expect(blogListPath("/fr/blog", { search: "", category: "all", page: 1 })).toBe("/fr/blog");
    expect(blogListPath("/blog", { search: "tv box", category: "vpn", page: 3 })).toBe("/blog?search=tv+box&category=vpn&page=3");
  });

  it("gives each page its own canonical address, its neighbours, and indexes no search", () => {
    expect(blogListHead("/blog", { search: "", category: "all", page: 1 }, 3)).toEqual({
      canonical: "/blog",
      next: "/blog?page=2",
      index: true,
    });
    expect(blogListHead("/blog", { search: "", category: "apps", page: 3 }, 3)).toEqual({
      canonical: "/blog?category=apps&page=3",
      previous: "/blog?category=apps&page=2",
      index: true,
    });
    expect(blogListHead("/blog", { search: "kodi", category: "all", page: 2 }, 3).index).toBe(false);
  });
});
