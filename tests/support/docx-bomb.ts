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
    `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
  );
  zip.file("word/document.xml", `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`);
  return zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE", compressionOptions: { level: 9 } });
}
