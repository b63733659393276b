import zlib from "node:zlib";
import JSZip from "jszip";

/**
 * A Word file whose document.xml inflates to `megabytes` MB of one repeated paragraph: a few hundred KB
 * on the wire. What a hostile user uploads to exhaust a server that unpacks DOCX files in its own heap.
 */
export async function docxBomb(megabytes: number): Promise<Buffer> {
  const paragraph = "<w:p><w:r><w:t>All work and no play makes Jack a dull boy.</w:t></w:r></w:p>";
  const body = paragraph.repeat(Math.ceil((megabytes * 1024 * 1024) / paragraph.length));
  const zip = new JSZip();
  zip.file(
    "[Content_Types].xml",
    '<?xml version="1.0"?><Types ' +
      'xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override ' +
      'PartName="/word/document.xml" ' +
      'ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    "word/document.xml",
    '<?xml version="1.0"?><w:document ' +
      `xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
  );
  return zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE", compressionOptions: { level: 9 } });
}

/**
 * A DOCX bomb whose ZIP headers lie: every part claims to unpack to `claimedBytes`, so a check of the central
 * directory passes it, while document.xml inflates to `megabytes` MB (a gigabyte fits in about a megabyte). Both
 * the local headers and the central directory carry the lie, as a hostile file's would; the CRCs are zero, which
 * readers do not check by default.
 */
export async function lyingDocx(megabytes: number, claimedBytes = 64 * 1024): Promise<Buffer> {
  const types = Buffer.from(
    '<?xml version="1.0"?><Types ' +
      'xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override ' +
      'PartName="/word/document.xml" ' +
      'ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  const paragraph = "<w:p><w:r><w:t>All work and no play makes Jack a dull boy.</w:t></w:r></w:p>";
  const block = Buffer.from(paragraph.repeat(Math.ceil((1024 * 1024) / paragraph.length)));
  const deflate = zlib.createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on("data", (d: Buffer) => chunks.push(d));
  const done = new Promise((resolve) => deflate.on("end", resolve));
  deflate.write(
    '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>',
  );
  for (let i = 0; i < megabytes; i++) {
    if (!deflate.write(block)) await new Promise((r) => deflate.once("drain", r));
  }
  deflate.end("</w:body></w:document>");
  await done;
  return zipOf(
    [
      { name: "[Content_Types].xml", method: 0, data: types },
      { name: "word/document.xml", method: 8, data: Buffer.concat(chunks) },
    ],
    claimedBytes,
  );
}

/** A ZIP archive written field by field (APPNOTE 4.3.7, 4.3.12, 4.3.16), each part claiming `claimed` bytes. */
function zipOf(parts: Array<{ name: string; method: 0 | 8; data: Buffer }>, claimed: number): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(p.method, 8);
    local.writeUInt32LE(p.data.length, 18);
    local.writeUInt32LE(p.method === 0 ? p.data.length : claimed, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(p.method, 10);
    central.writeUInt32LE(p.data.length, 20);
    central.writeUInt32LE(p.method === 0 ? p.data.length : claimed, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, p.data);
    centrals.push(central, name);
    offset += local.length + name.length + p.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
