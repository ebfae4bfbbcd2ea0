/**
 * Catalogue of the site's raster images.
 *
 * Pure data + helpers (no Node imports) so it can be used both by the React
 * app and by `scripts/build-images.ts`, which rasterises each SVG source in
 * `content/images/` to AVIF and WebP at every listed width into
 * `public/images/generated/<name>-<width>.{avif,webp}`.
 */

export interface ImageSpec {
  /** File name of the SVG source inside `content/images/`. */
  readonly source: string;
  /** Intrinsic width of the artwork (the SVG viewBox width). */
  readonly width: number;
  /** Intrinsic height of the artwork (the SVG viewBox height). */
  readonly height: number;
  /** Output widths in pixels, ascending. */
  readonly widths: readonly number[];
}

const posterWidths = [240, 360, 480] as const;

export const images = {
  hero: { source: "hero.svg", width: 1600, height: 1000, widths: [480, 768, 1024, 1600] },
  "poster-1": { source: "poster-1.svg", width: 600, height: 900, widths: posterWidths },
  "poster-2": { source: "poster-2.svg", width: 600, height: 900, widths: posterWidths },
  "poster-3": { source: "poster-3.svg", width: 600, height: 900, widths: posterWidths },
  "poster-4": { source: "poster-4.svg", width: 600, height: 900, widths: posterWidths },
  "poster-5": { source: "poster-5.svg", width: 600, height: 900, widths: posterWidths },
  "poster-6": { source: "poster-6.svg", width: 600, height: 900, widths: posterWidths },
  "blog-smart-tv": { source: "blog-smart-tv.svg", width: 1200, height: 630, widths: [400, 800, 1200] },
  "blog-fire-stick": { source: "blog-fire-stick.svg", width: 1200, height: 630, widths: [400, 800, 1200] },
  "blog-mag-box": { source: "blog-mag-box.svg", width: 1200, height: 630, widths: [400, 800, 1200] },
  "blog-mobile-devices": { source: "blog-mobile-devices.svg", width: 1200, height: 630, widths: [400, 800, 1200] },
  "blog-player-apps": { source: "blog-player-apps.svg", width: 1200, height: 630, widths: [400, 800, 1200] },
  "blog-kodi": { source: "blog-kodi.svg", width: 1200, height: 630, widths: [400, 800, 1200] },
  "blog-home-network": { source: "blog-home-network.svg", width: 1200, height: 630, widths: [400, 800, 1200] },
  "blog-vpn": { source: "blog-vpn.svg", width: 1200, height: 630, widths: [400, 800, 1200] },
  "blog-buffering": { source: "blog-buffering.svg", width: 1200, height: 630, widths: [400, 800, 1200] },
  "blog-household": { source: "blog-household.svg", width: 1200, height: 630, widths: [400, 800, 1200] },
} as const satisfies Record<string, ImageSpec>;

export type ImageName = keyof typeof images;

export const imageNames = Object.keys(images) as ImageName[];

/** Public URL prefix of the generated files. */
export const generatedImageBase = "/images/generated";

export type ImageFormat = "avif" | "webp";

/** URL of one generated variant, e.g. `/images/generated/hero-768.avif`. */
export function imageUrl(name: ImageName, width: number, format: ImageFormat): string {
  return `${generatedImageBase}/${name}-${width}.${format}`;
}

export interface ImageSources {
  /** `srcset` value listing every AVIF width (`url 480w, url 768w, …`). */
  avif: string;
  /** `srcset` value listing every WebP width. */
  webp: string;
  /** WebP URL of a middle width, for the `<img src>` fallback. */
  fallback: string;
  /** Intrinsic width, for the `width` attribute (aspect ratio). */
  width: number;
  /** Intrinsic height, for the `height` attribute (aspect ratio). */
  height: number;
}

export function imageSources(name: ImageName): ImageSources {
  const spec: ImageSpec = images[name];
  const srcset = (format: ImageFormat) => spec.widths.map((w) => `${imageUrl(name, w, format)} ${w}w`).join(", ");
  // Lower-middle width: hero → 768, posters → 360.
  const middle = spec.widths[Math.floor((spec.widths.length - 1) / 2)] ?? spec.width;
  return {
    avif: srcset("avif"),
    webp: srcset("webp"),
    fallback: imageUrl(name, middle, "webp"),
    width: spec.width,
    height: spec.height,
  };
}
