// Builds the site's raster images: generated SVG art (until the firm supplies photographs)
// rendered and compressed by sharp to AVIF and WebP at every width the pages ask for, and the
// attorneys' real photographs once the firm adds them (site/images/attorneys/{slug}.jpg, with
// `photo: true` in that attorney's profile; see docs/design-system.md, "Portraits").
// Output: site/public/images (not committed). Usage: npx tsx scripts/build-images.ts
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import sharp from "sharp";
import { imageFile, imageSetOf, imageSets } from "../site/lib/images";
import { art } from "../site/art/art";
import { attorneyPhotoBase, attorneyPhotoWidths, attorneys } from "../core/attorneys";

const publicDir = join(process.cwd(), "site/public");
const source = join(process.cwd(), "site/art/art.ts");
const photoDir = join(process.cwd(), "site/images/attorneys");
const photoExtensions = [".jpg", ".jpeg", ".png", ".webp"];

function photoSource(slug: string): string | undefined {
  return photoExtensions.map((ext) => join(photoDir, `${slug}${ext}`)).find((file) => existsSync(file));
}

/** Real attorney photographs: cropped to 4:5 around the most interesting area (the face), stripped of metadata. */
async function renderPhotos() {
  const known = new Set<string>(attorneys.map((a) => a.slug));
  if (existsSync(photoDir))
    for (const file of readdirSync(photoDir)) {
      const slug = file.replace(/\.[^.]+$/, "");
      if (!known.has(slug)) console.warn(`images: ${file} does not match any attorney profile`);
    }
  for (const attorney of attorneys) {
    const file = photoSource(attorney.slug);
    if (!attorney.photo) {
      if (file) console.warn(`images: ${file} is ignored until photo: true is set in the profile of ${attorney.slug}`);
      continue;
    }
    if (!file) throw new Error(`${attorney.slug} has photo: true but no site/images/attorneys/${attorney.slug}.jpg`);
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
  mkdirSync(join(publicDir, "images"), { recursive: true });
  await sharp(Buffer.from(art.share!))
    .resize(1200, 630)
    .png({ compressionLevel: 9, palette: true })
    .toFile(join(publicDir, "images/share-default.png"));
  await sharp(Buffer.from(art.icon!)).resize(180, 180).png().toFile(join(publicDir, "apple-touch-icon.png"));
  writeFileSync(join(publicDir, "favicon.svg"), art.icon!);
  writeFileSync(join(publicDir, "images/logo.svg"), art.logo!);
  console.log(`images: ${pictures.length} sets written to site/public/images`);
}

await main();
