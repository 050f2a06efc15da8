// Builds the site's raster images: generated SVG art (until the firm supplies photographs)
// rendered and compressed by sharp to AVIF and WebP at every width the pages ask for, and the
// images uploaded in the editor (site/images/uploads/): attorneys' photographs (the profile's
// `photo`) cropped to portraits, and every other upload at the widths article bodies use.
// Output: site/public/images (not committed). Usage: npx tsx scripts/build-images.ts
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import sharp from "sharp";
import { imageFile, imageSetOf, imageSets } from "../site/lib/images";
import { art } from "../site/art/art";
import { attorneyPhotoBase, attorneyPhotoWidths, attorneys } from "../core/attorneys";
import { uploadedImageFile, type UploadedImage } from "../site/content/markdown.server";
import { uploadsDir, uploadsManifest, uploadWidths } from "../site/content/uploads.server";

const publicDir = join(process.cwd(), "site/public");
const source = join(process.cwd(), "site/art/art.ts");
const imageTypes = /\.(?:jpe?g|png|webp)$/i;

/** Attorneys' photographs uploaded in the editor: cropped to 4:5 around the face, stripped of metadata. */
async function renderPhotos() {
  for (const attorney of attorneys) {
    if (!attorney.photo) continue;
    const file = join(uploadsDir, basename(attorney.photo));
    if (!existsSync(file)) throw new Error(`${attorney.slug}: photo ${attorney.photo} is not in site/images/uploads/`);
    for (const width of attorneyPhotoWidths) {
      for (const format of ["avif", "webp"] as const) {
        const out = join(publicDir, imageFile(attorneyPhotoBase(attorney.slug), width, format));
        if (existsSync(out) && statSync(out).mtimeMs > statSync(file).mtimeMs) continue;
        mkdirSync(dirname(out), { recursive: true });
        const pipeline = sharp(file)
          .rotate()
          .resize(width, Math.round((width * 5) / 4), { fit: "cover", position: sharp.strategy.attention });
        await (format === "avif" ? pipeline.avif({ quality: 60, effort: 4 }) : pipeline.webp({ quality: 80 })).toFile(
          out,
        );
      }
    }
  }
}

/** Every image uploaded in the editor, at the widths pages use, and the manifest of their sizes. */
async function renderUploads() {
  const manifest: Record<string, UploadedImage> = {};
  const names = existsSync(uploadsDir) ? readdirSync(uploadsDir).filter((name) => imageTypes.test(name)) : [];
  for (const name of names.sort()) {
    const file = join(uploadsDir, name);
    const { width = 0, height = 0, orientation = 1 } = await sharp(file).metadata();
    const [w, h] = orientation >= 5 ? [height, width] : [width, height];
    const widths: number[] = uploadWidths.filter((size) => size <= w);
    if (!widths.length) widths.push(w);
    const src = `/images/uploads/${name}`;
    manifest[src] = { width: w, height: h, widths };
    for (const size of widths)
      for (const format of ["avif", "webp"] as const) {
        const out = join(publicDir, uploadedImageFile(src, size, format));
        if (existsSync(out) && statSync(out).mtimeMs > statSync(file).mtimeMs) continue;
        mkdirSync(dirname(out), { recursive: true });
        const pipeline = sharp(file).rotate().resize(size);
        await (format === "avif" ? pipeline.avif({ quality: 60, effort: 4 }) : pipeline.webp({ quality: 80 })).toFile(
          out,
        );
      }
  }
  mkdirSync(dirname(uploadsManifest), { recursive: true });
  writeFileSync(uploadsManifest, JSON.stringify(manifest, null, 2));
  return names.length;
}

async function renderSet(base: string, svg: string, set: keyof typeof imageSets) {
  const { ratio, widths } = imageSets[set];
  for (const width of widths) {
    const height = Math.round(width * ratio);
    for (const format of ["avif", "webp"] as const) {
      const out = join(publicDir, imageFile(base, width, format));
      if (existsSync(out) && statSync(out).mtimeMs > statSync(source).mtimeMs) continue;
      mkdirSync(dirname(out), { recursive: true });
      const pipeline = sharp(Buffer.from(svg), { density: 144 }).resize(width, height, { fit: "cover" });
      await (format === "avif" ? pipeline.avif({ quality: 55, effort: 2 }) : pipeline.webp({ quality: 78 })).toFile(
        out,
      );
    }
  }
}

async function main() {
  const pictures = Object.entries(art).filter(([base]) => base.startsWith("/images/"));
  for (const [base, svg] of pictures) await renderSet(base, svg, imageSetOf(base));
  await renderPhotos();
  const uploads = await renderUploads();
  mkdirSync(join(publicDir, "images"), { recursive: true });
  await sharp(Buffer.from(art.share!))
    .resize(1200, 630)
    .png({ compressionLevel: 9, palette: true })
    .toFile(join(publicDir, "images/share-default.png"));
  await sharp(Buffer.from(art.icon!)).resize(180, 180).png().toFile(join(publicDir, "apple-touch-icon.png"));
  writeFileSync(join(publicDir, "favicon.svg"), art.icon!);
  writeFileSync(join(publicDir, "images/logo.svg"), art.logo!);
  console.log(`images: ${pictures.length} sets and ${uploads} uploads written to site/public/images`);
}

await main();
