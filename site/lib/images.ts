/** Raster images made by scripts/build-images.ts: every name with the widths it is built at. */
export const imageSets = {
  portrait: { ratio: 5 / 4, widths: [112, 240, 400, 640] },
  scene: { ratio: 2 / 3, widths: [480, 800, 1200, 1600] },
} as const;

export const images: Record<string, keyof typeof imageSets> = {
  "/images/attorney-daniela-lara": "portrait",
  "/images/attorney-sofia-fuentes": "portrait",
  "/images/attorney-marcus-hale": "portrait",
  "/images/office-woodlands": "scene",
  "/images/office-houston": "scene",
  "/images/office-katy": "scene",
  "/images/office-irving": "scene",
  "/images/consultation": "scene",
  "/images/hero": "scene",
};

export function imageFile(base: string, width: number, format: "avif" | "webp"): string {
  return `${base}-${width}.${format}`;
}
