import { imageFile, imageSetOf, imageSets } from "../lib/images";

interface Props {
  src: string;
  alt: string;
  /** Rendered size in CSS pixels: reserves the space so nothing shifts while loading. */
  width: number;
  height: number;
  sizes: string;
  className?: string;
  priority?: boolean;
}

/** A responsive AVIF/WebP picture of an image built by scripts/build-images.ts. */
export function Picture({ src, alt, width, height, sizes, className, priority = false }: Props) {
  const set = imageSets[imageSetOf(src)];
  const srcSet = (format: "avif" | "webp") => set.widths.map((w) => `${imageFile(src, w, format)} ${w}w`).join(", ");
  const fallback = set.widths.find((w) => w >= width) ?? set.widths[set.widths.length - 1] ?? 480;
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet("avif")} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet("webp")} sizes={sizes} />
      <img
        src={imageFile(src, fallback, "webp")}
        alt={alt}
        width={width}
        height={height}
        className={className}
        loading={priority ? "eager" : "lazy"}
        // The first-screen image may be the largest paint: painted with the text, not a frame later.
        decoding={priority ? "auto" : "async"}
        {...{ fetchpriority: priority ? "high" : "auto" }}
      />
    </picture>
  );
}
