import { site } from "../../content/site";

/** The web app manifest: the brand's name, colours and icons for "add to home screen". */
export function webManifest() {
  const icon = (size: number, purpose: "any" | "maskable") => ({
    src: `/icon-${size}.png`,
    sizes: `${size}x${size}`,
    type: "image/png",
    purpose,
  });
  return {
    name: site.brand.name,
    short_name: site.brand.name,
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: site.brand.themeColor,
    theme_color: site.brand.themeColor,
    // The icons keep the logo inside the middle 62 %, so they also serve as maskable icons.
    icons: [icon(192, "any"), icon(512, "any"), icon(192, "maskable"), icon(512, "maskable")],
  };
}
