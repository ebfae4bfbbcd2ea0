import { describe, expect, it } from "vitest";
import { type Click, type ClickedLink, inSiteDestination, isPlainClick } from "./router-link-click";

const origin = "https://example.com";
const plainClick: Click & { defaultPrevented: boolean } = {
  button: 0,
  metaKey: false,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
  defaultPrevented: false,
};
const routerLink: ClickedLink = { href: "https://example.com/es/blog?page=2#top", target: "", download: false, routerLink: true };

describe("isPlainClick", () => {
  it("is a primary click with no modifier key", () => {
    expect(isPlainClick(plainClick)).toBe(true);
    for (const key of ["metaKey", "ctrlKey", "shiftKey", "altKey"] as const)
      expect(isPlainClick({ ...plainClick, [key]: true })).toBe(false);
    expect(isPlainClick({ ...plainClick, button: 2 })).toBe(false);
  });
});

describe("inSiteDestination", () => {
  it("follows a plain click on a router link, keeping its query and fragment", () => {
    expect(inSiteDestination(plainClick, routerLink, origin)).toBe("/es/blog?page=2#top");
    expect(inSiteDestination(plainClick, { ...routerLink, target: "_self" }, origin)).toBe("/es/blog?page=2#top");
  });

  it("leaves new-tab and new-window clicks to the browser", () => {
    for (const key of ["metaKey", "ctrlKey", "shiftKey", "altKey"] as const) {
      expect(inSiteDestination({ ...plainClick, [key]: true }, routerLink, origin)).toBeUndefined();
    }
    expect(inSiteDestination({ ...plainClick, button: 1 }, routerLink, origin)).toBeUndefined();
  });

  it("leaves a click someone already handled", () => {
    expect(inSiteDestination({ ...plainClick, defaultPrevented: true }, routerLink, origin)).toBeUndefined();
  });

  it("leaves other targets, downloads, other origins and links that are not the router's", () => {
    expect(inSiteDestination(plainClick, { ...routerLink, target: "_blank" }, origin)).toBeUndefined();
    expect(inSiteDestination(plainClick, { ...routerLink, download: true }, origin)).toBeUndefined();
    expect(inSiteDestination(plainClick, { ...routerLink, href: "https://elsewhere.example/es/blog" }, origin)).toBeUndefined();
    expect(inSiteDestination(plainClick, { ...routerLink, routerLink: false }, origin)).toBeUndefined();
  });
});
