import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { type CardContent, cardStamp, checkDrawable, drawCard } from "./card-drawing.server";

const card: CardContent = { title: "Setting up Kodi on a TV box in five minutes", background: "blog-kodi", brand: "NovaStream" };

describe("a social card", () => {
  it("is a 1200x630 JPEG", async () => {
    expect(await sharp(await drawCard(card)).metadata()).toMatchObject({ width: 1200, height: 630, format: "jpeg" });
  });

  it("has a stamp that changes with what it shows, and only with that", () => {
    expect(cardStamp({ ...card })).toBe(cardStamp(card));
    expect(cardStamp({ ...card, title: "Another title" })).not.toBe(cardStamp(card));
    expect(cardStamp({ ...card, background: "blog-vpn" })).not.toBe(cardStamp(card));
    expect(cardStamp({ ...card, brand: "Other" })).not.toBe(cardStamp(card));
    expect(cardStamp(card)).toMatch(/^[\w-]{27}$/);
  });

  it("refuses a title with a character the font cannot draw, rather than drawing an empty box", async () => {
    await expect(checkDrawable("Streaming 日本")).rejects.toThrow(/no glyph for "日", "本"/);
    await expect(drawCard({ ...card, title: "Streaming 日本" })).rejects.toThrow(/no glyph/);
    await expect(checkDrawable("Ça marche, ¿verdad?")).resolves.toBeUndefined();
  });
});
