import { type ImageName, imageSources } from "../images";

interface PictureProps {
  name: ImageName;
  /** Empty for decorative images. */
  alt: string;
  /** Which width the image takes at each viewport, so the browser picks the smallest file that is sharp. */
  sizes: string;
  /** The page's main image: fetched first and never lazily. */
  priority?: boolean;
  className?: string;
}

/** An image made for the site, in AVIF with a WebP fallback, at the width the layout needs. */
export function Picture({ name, alt, sizes, priority = false, className }: PictureProps) {
  const sources = imageSources(name);
  return (
    <picture>
      <source type="image/avif" srcSet={sources.avif} sizes={sizes} />
      <source type="image/webp" srcSet={sources.webp} sizes={sizes} />
      <img
        src={sources.fallback}
        width={sources.width}
        height={sources.height}
        alt={alt}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : undefined}
        decoding={priority ? "sync" : "async"}
        className={className}
      />
    </picture>
  );
}
