import { crc32, deflateRawSync } from "node:zlib";

interface ZipEntry {
  name: string;
  data: Buffer;
  /** Claim this uncompressed size in the headers instead of the real one (a lying archive). */
  declaredSize?: number;
}

/** A zip archive written by hand (deflated entries), for upload tests. */
export function makeZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const compressed = deflateRawSync(entry.data);
    const size = entry.declaredSize ?? entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(entry.data), 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, compressed);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt32LE(crc32(entry.data), 16);
    dir.writeUInt32LE(compressed.length, 20);
    dir.writeUInt32LE(size, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    central.push(dir, name);
    offset += 30 + name.length + compressed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const contentTypes = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;

/** A minimal Word document (DOCX): content types and a document part. */
export function docxBytes(extra: ZipEntry[] = []): Uint8Array<ArrayBuffer> {
  return zipFile([
    { name: "[Content_Types].xml", data: Buffer.from(contentTypes) },
    {
      name: "word/document.xml",
      data: Buffer.from('<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>'),
    },
    ...extra,
  ]);
}

/** Bytes a File can be made of. */
export function zipFile(entries: ZipEntry[]): Uint8Array<ArrayBuffer> {
  return new Uint8Array(makeZip(entries));
}

/** A minimal PDF. */
export function pdfBytes(): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");
}

/** The start of a Word 97-2003 document: an OLE compound file naming a WordDocument stream. */
export function docBytes(): Uint8Array<ArrayBuffer> {
  const header = Buffer.alloc(1024);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header);
  Buffer.from("WordDocument", "utf16le").copy(header, 600);
  return new Uint8Array(header);
}
