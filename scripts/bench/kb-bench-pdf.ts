/** A text PDF of about `targetBytes`, written by hand (no tool needed): many pages of plain sentences. */
export function makeTextPdf(targetBytes: number): { pdf: Buffer; pages: number } {
  const sentence = (p: number, l: number) =>
    `Page ${p} line ${l}: the service agreement covers installation, monitoring and yearly maintenance visits.`;
  const pageStream = (p: number) => {
    const lines = Array.from({ length: 40 }, (_, l) => `(${sentence(p, l)}) Tj T*`).join("\n");
    return `BT /F1 9 Tf 11 TL 40 760 Td\n${lines}\nET`;
  };
  const perPage = pageStream(1).length + 200;
  const pages = Math.max(1, Math.round(targetBytes / perPage));
  const objs: string[] = [];
  // 1 catalog, 2 pages, 3 font, then (page, content) pairs.
  const kids = Array.from({ length: pages }, (_, i) => `${4 + i * 2} 0 R`).join(" ");
  objs.push(
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  );
  for (let p = 1; p <= pages; p++) {
    const content = pageStream(p);
    objs.push(
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << " +
        `/Font << /F1 3 0 R >> >> /Contents ${5 + (p - 1) * 2} 0 R >>`,
    );
    objs.push(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  }
  const parts: string[] = ["%PDF-1.4\n"];
  let size = parts[0]!.length;
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(size);
    const s = `${i + 1} 0 obj\n${o}\nendobj\n`;
    parts.push(s);
    size += s.length;
  });
  const xref =
    `xref\n0 ${objs.length + 1}\n0000000000 65535 f ` +
    `\n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  parts.push(xref, `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${size}\n%%EOF\n`);
  return { pdf: Buffer.from(parts.join(""), "latin1"), pages };
}
