/** Raster images made by scripts/build-images.ts: every name with the widths it is built at. */
export const imageSets = {
  portrait: { ratio: 5 / 4, widths: [112, 240, 400, 640] },
  scene: { ratio: 2 / 3, widths: [480, 800, 1200, 1600] },
} as const;

/**
 * The set an image is built in: the attorneys' stand-ins are portraits, every other picture
 * (offices, hero, consultation) a scene. scripts/build-images.ts builds every picture in
 * site/art/art.ts, so a new attorney or office gets its images with no list to update.
 */
export function imageSetOf(base: string): keyof typeof imageSets {
  return base.startsWith("/images/attorney-") ? "portrait" : "scene";
}

export function imageFile(base: string, width: number, format: "avif" | "webp"): string {
  return `${base}-${width}.${format}`;
}
