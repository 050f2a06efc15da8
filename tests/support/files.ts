import { crc32, deflateRawSync, deflateSync } from "node:zlib";
import * as CFB from "cfb";

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

/**
 * A zip whose directory lists `entries` entries that all point at one stored entry: deflate data
 * of `bytes` bytes made of empty blocks, which inflates to nothing and declares nothing. A reader
 * that follows the directory inflates the same bytes once per entry.
 */
export function overlappingEntriesZip(entries: number, bytes: number): Buffer {
  // An empty fixed-Huffman block is 10 bits (not last, type 01, end-of-block code 0000000).
  const data = Buffer.alloc(bytes);
  const blocks = Math.floor((bytes * 8 - 16) / 10);
  for (let bit = 0, block = 0; block < blocks; block++, bit += 10) {
    if (block === blocks - 1) data[bit >> 3]! |= 1 << (bit & 7);
    data[(bit + 1) >> 3]! |= 1 << ((bit + 1) & 7);
  }
  const deflated = data.subarray(0, ((blocks * 10 + 7) >> 3) + 1);
  const name = Buffer.from("word/document.xml");
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(deflated.length, 18);
  local.writeUInt16LE(name.length, 26);
  const central: Buffer[] = [];
  for (let i = 0; i < entries; i++) {
    const entryName = Buffer.from(`word/part${i}.xml`);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt32LE(deflated.length, 20);
    dir.writeUInt16LE(entryName.length, 28);
    central.push(dir, entryName);
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries, 8);
  end.writeUInt16LE(entries, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(local.length + name.length + deflated.length, 16);
  return Buffer.concat([local, name, deflated, directory, end]);
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

/** A PDF: a catalog, then the given objects (text or bytes), one numbered object each. */
export function pdfWith(...objects: (string | Uint8Array)[]): Uint8Array<ArrayBuffer> {
  const parts = [Buffer.from("%PDF-1.7\n1 0 obj<</Type/Catalog>>endobj\n")];
  objects.forEach((object, n) =>
    parts.push(Buffer.from(`${n + 2} 0 obj\n`), Buffer.from(object), Buffer.from("\nendobj\n")),
  );
  parts.push(Buffer.from("trailer<</Root 1 0 R>>\n%%EOF\n"));
  return new Uint8Array(Buffer.concat(parts));
}

/** A PDF 1.5 object stream (compressed) holding `objects`, as the dictionary and data of one object. */
export function objectStream(objects: string): Uint8Array<ArrayBuffer> {
  const data = deflateSync(Buffer.from(objects));
  return new Uint8Array(
    Buffer.concat([
      Buffer.from(`<</Type/ObjStm/N 1/First 4/Filter/FlateDecode/Length ${data.length}>>\nstream\n`),
      data,
      Buffer.from("\nendstream"),
    ]),
  );
}

/** A Word 97-2003 document: an OLE compound file with a WordDocument stream that starts with Word's signature. */
export function docBytes(storages: string[] = []): Uint8Array<ArrayBuffer> {
  const container = CFB.utils.cfb_new();
  const fib = Buffer.alloc(512);
  fib.writeUInt16LE(0xa5ec, 0);
  CFB.utils.cfb_add(container, "/WordDocument", fib);
  CFB.utils.cfb_add(container, "/1Table", Buffer.alloc(64));
  for (const storage of storages) CFB.utils.cfb_add(container, `/${storage}/PROJECT`, Buffer.from("macro"));
  return new Uint8Array(CFB.write(container, { type: "buffer" }) as Buffer);
}

/** An OLE object as Word embeds it (a compound file with an `\x01Ole10Native` stream wrapping a program). */
export function oleObjectBytes(): Buffer {
  const container = CFB.utils.cfb_new();
  const native = Buffer.concat([Buffer.from([0, 0, 0, 0]), Buffer.from("run.exe\0MZ\x90\x00 program")]);
  native.writeUInt32LE(native.length - 4, 0);
  CFB.utils.cfb_add(container, "/\x01Ole10Native", native);
  CFB.utils.cfb_add(container, "/\x01CompObj", Buffer.alloc(76));
  return CFB.write(container, { type: "buffer" }) as Buffer;
}

/**
 * A compound file of `sectors` sectors (512 bytes each) whose allocation table chains every
 * sector to the one before it, down to sector 0: one valid chain, written backwards.
 */
export function backwardChainsCompoundFile(sectors: number): Buffer {
  const tableSectors = Math.ceil(sectors / 128);
  const file = Buffer.alloc(512 * (sectors + 1));
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(file);
  file.writeUInt16LE(0x3e, 24);
  file.writeUInt16LE(3, 26);
  file.writeUInt16LE(0xfffe, 28);
  file.writeUInt16LE(9, 30);
  file.writeUInt16LE(6, 32);
  file.writeInt32LE(tableSectors, 44);
  file.writeInt32LE(0, 48);
  file.writeInt32LE(4096, 56);
  file.writeInt32LE(-2, 60);
  file.writeInt32LE(-2, 68);
  for (let i = 0; i < 109; i++) file.writeInt32LE(i < tableSectors ? i : -1, 76 + 4 * i);
  for (let i = 0; i < sectors; i++) file.writeInt32LE(i === 0 ? -2 : i - 1, 512 + 4 * i);
  return file;
}

/** Not a Word document: the compound-file signature and the bytes "WordDocument", nothing else. */
export function fakeDocBytes(): Uint8Array<ArrayBuffer> {
  const header = Buffer.alloc(1024);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header);
  Buffer.from("WordDocument", "utf16le").copy(header, 600);
  return new Uint8Array(header);
}
