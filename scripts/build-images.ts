// Builds the site's raster images: generated SVG art (until the firm supplies photographs)
// rendered and compressed by sharp to AVIF and WebP at every width the pages ask for.
// Output: site/public/images (not committed). Usage: npx tsx scripts/build-images.ts
import { existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import sharp from "sharp";
import { imageFile, images, imageSets } from "../site/lib/images";
import { art } from "../site/art/art";

const publicDir = join(process.cwd(), "site/public");
const source = join(process.cwd(), "site/art/art.ts");

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
  for (const [base, set] of Object.entries(images)) {
    const svg = art[base];
    if (!svg) throw new Error(`No art for ${base}`);
    await renderSet(base, svg, set);
  }
  mkdirSync(join(publicDir, "images"), { recursive: true });
  await sharp(Buffer.from(art.share!))
    .resize(1200, 630)
    .png({ compressionLevel: 9, palette: true })
    .toFile(join(publicDir, "images/share-default.png"));
  await sharp(Buffer.from(art.icon!)).resize(180, 180).png().toFile(join(publicDir, "apple-touch-icon.png"));
  writeFileSync(join(publicDir, "favicon.svg"), art.icon!);
  writeFileSync(join(publicDir, "images/logo.svg"), art.logo!);
  console.log(`images: ${Object.keys(images).length} sets written to site/public/images`);
}

await main();
