import { describe, expect, it } from "vitest";
import { createBlogSearch, foldText, type SearchableArticle } from "./blog-search";

const articles: SearchableArticle[] = [
  {
    slug: "smart-tv",
    title: "Guía para tu Smart TV",
    description: "Paso a paso.",
    keywords: ["televisor"],
    body: "Instala la aplicación.",
  },
  {
    slug: "buffering",
    title: "Fixing buffering",
    description: "Why the picture stops.",
    keywords: ["freeze", "speed"],
    body: "Use a cable for the TV.",
  },
  {
    slug: "vpn",
    title: "What a VPN does",
    description: "Privacy, honestly.",
    keywords: ["privacy"],
    body: "A VPN hides traffic. Buffering can get worse.",
  },
  {
    slug: "kodi",
    title: "Kodi set-up",
    description: "Add the PVR client.",
    keywords: "télé, épisodes".split(", "),
    body: "The guide (EPG) loads.",
  },
];

describe("blog search", () => {
  const search = createBlogSearch(articles);

  it("lists everything for an empty query", () => {
    expect(search("  ")).toEqual(["smart-tv", "buffering", "vpn", "kodi"]);
  });

  it("ignores case and accents both ways", () => {
    expect(search("guia")).toEqual(["smart-tv"]);
    expect(search("GUÍA")).toEqual(["smart-tv"]);
    expect(search("tele")).toEqual(expect.arrayContaining(["kodi", "smart-tv"]));
    expect(search("episodes")).toEqual(["kodi"]);
  });

  it("searches description, keywords and body", () => {
    expect(search("privacy")).toEqual(["vpn"]);
    expect(search("freeze")).toEqual(["buffering"]);
    expect(search("cable")).toEqual(["buffering"]);
  });

  it("puts title matches first", () => {
    expect(search("buffering")).toEqual(["buffering", "vpn"]);
  });

  it("matches words as they are being typed", () => {
    expect(search("buff")).toContain("buffering");
  });

  it("needs every word of the query", () => {
    expect(search("vpn privacy")).toEqual(["vpn"]);
    expect(search("vpn kodi")).toEqual([]);
  });

  it("finds nothing for a word in no article", () => {
    expect(search("zebra")).toEqual([]);
  });

  it("folds text", () => {
    expect(foldText("Ñandú Électrique Çà")).toBe("nandu electrique ca");
  });
});
