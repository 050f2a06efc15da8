// Images uploaded in the editor: the originals in site/images/uploads/ (never published as they
// are), published by scripts/build-images.ts as AVIF and WebP at the widths below, with a
// manifest of their sizes the pages read to reserve the space each image takes.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { UploadedImage } from "./markdown.server";

export const uploadsDir = join(process.cwd(), "site", "images", "uploads");
export const uploadsManifest = join(process.cwd(), ".cache", "uploaded-images.json");
/** Widths a body image is published at (never wider than its original). */
export const uploadWidths = [480, 800, 1200, 1600] as const;

/** The published uploads by address (`/images/uploads/…`); empty before the first image build. */
export function uploadedImages(): Map<string, UploadedImage> {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(uploadsManifest, "utf8"));
  } catch {
    return new Map();
  }
  return new Map(
    Object.entries(typeof data === "object" && data !== null ? (data as Record<string, UploadedImage>) : {}),
  );
}
