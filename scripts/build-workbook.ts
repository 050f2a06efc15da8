// Turns content/downloads/seo-workbook.md into the downloadable PDF offered on
// /download-seo-workbook: a small, dependency-free PDF writer (Helvetica, WinAnsi encoding).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { staticPaths } from "../core/site-paths";

const source = join(process.cwd(), "content/downloads/seo-workbook.md");
const target = join(process.cwd(), "site/public", staticPaths.workbook);

type Line = { text: string; size: number; bold: boolean; gap: number };

function wrap(text: string, size: number, width: number): string[] {
  const max = Math.floor(width / (size * 0.5));
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if ((current + " " + word).trim().length > max) {
      lines.push(current);
      current = word;
    } else current = (current + " " + word).trim();
  }
  if (current) lines.push(current);
  return lines;
}

function layout(markdown: string): Line[] {
  const lines: Line[] = [];
  for (const raw of markdown.split(/\r?\n/)) {
    const line = raw.replace(/\*\*|__|`/g, "").replace(/\[([^\]]+)\]\([^)]+\)/g, "$1");
    if (!line.trim()) continue;
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    if (heading) {
      const size = heading[1] === "#" ? 20 : heading[1] === "##" ? 15 : 12.5;
      for (const part of wrap(heading[2] ?? "", size, 480))
        lines.push({ text: part, size, bold: true, gap: size * 1.9 });
      continue;
    }
    const item = /^\s*([-*]|\d+\.)\s+(.*)$/.exec(line);
    const text = item ? `${item[1] === "-" || item[1] === "*" ? "\u2022" : item[1]} ${item[2]}` : line;
    wrap(text, 11, item ? 465 : 480).forEach((part, i) =>
      lines.push({ text: i > 0 && item ? `   ${part}` : part, size: 11, bold: false, gap: i === 0 ? 19 : 15 }),
    );
  }
  return lines;
}

function encode(text: string): string {
  const bytes = Buffer.from(
    text
      .replace(/\u2022/g, "\x95")
      .replace(/[\u2013\u2014]/g, "-")
      .replace(/[\u2018\u2019]/g, "'")
      .replace(/[\u201c\u201d]/g, '"'),
    "latin1",
  );
  return [...bytes]
    .map((b) =>
      b === 0x28 || b === 0x29 || b === 0x5c
        ? `\\${String.fromCharCode(b)}`
        : b < 32 || b > 126
          ? `\\${b.toString(8).padStart(3, "0")}`
          : String.fromCharCode(b),
    )
    .join("");
}

function pdf(lines: Line[]): Buffer {
  const pages: string[] = [];
  let y = 760;
  let ops = "";
  for (const line of lines) {
    y -= line.gap;
    if (y < 60) {
      pages.push(ops);
      ops = "";
      y = 760 - line.gap;
    }
    ops += `BT /${line.bold ? "F2" : "F1"} ${line.size} Tf 60 ${y.toFixed(1)} Td (${encode(line.text)}) Tj ET\n`;
  }
  pages.push(ops);
  const objects: string[] = [];
  const add = (body: string) => objects.push(body) + 0;
  add("<< /Type /Catalog /Pages 2 0 R >>");
  add("PAGES");
  add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>");
  const kids: number[] = [];
  pages.forEach((content, index) => {
    const footer = `BT /F1 9 Tf 60 30 Td (${encode(`LFH Immigration Law - page ${index + 1} of ${pages.length}`)}) Tj ET\n`;
    const stream = content + footer;
    add(`<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}endstream`);
    add(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${objects.length} 0 R >>`,
    );
    kids.push(objects.length);
  });
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(" ")}] /Count ${kids.length} >>`;
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info << /Title (${encode("Immigration SEO Workbook")}) /Author (LFH Immigration Law) >> >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

const markdown = readFileSync(source, "utf8");
mkdirSync(dirname(target), { recursive: true });
const file = pdf(layout(markdown));
writeFileSync(target, file);
console.log(`workbook: ${staticPaths.workbook} (${file.length} bytes)`);
