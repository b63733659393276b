/**
 * Builds the dev set's Word files (tables a caller may ask about) from the facts below:
 *   npx tsx tests/kb-dev-set/make-docx.ts
 * Sources are named in each document and in README.md. The .docx files are committed; run this again
 * only when the facts change.
 */
import fs from "node:fs";
import { Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } from "docx";

const here = new URL(".", import.meta.url).pathname;

const cell = (text: string, bold = false) => new TableCell({ children: [new Paragraph({ children: [new TextRun({ text, bold })] })] });
const table = (header: string[], rows: string[][]) =>
  new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [new TableRow({ tableHeader: true, children: header.map((h) => cell(h, true)) }), ...rows.map((r) => new TableRow({ children: r.map((c) => cell(c)) }))],
  });
const p = (text: string) => new Paragraph({ children: [new TextRun(text)] });
const h = (text: string, level: (typeof HeadingLevel)[keyof typeof HeadingLevel]) => new Paragraph({ text, heading: level });

async function write(name: string, children: Array<Paragraph | Table>): Promise<void> {
  const doc = new Document({ creator: "Parley kb-dev-set", title: name, sections: [{ children }] });
  fs.writeFileSync(`${here}${name}`, await Packer.toBuffer(doc));
  console.log(`wrote ${name}`);
}

// Facts from the licence texts in Debian's base-files (/usr/share/common-licenses) and their preambles.
await write("licence-comparison.docx", [
  h("Open source licence comparison", HeadingLevel.TITLE),
  p("A quick reference our legal team prepared for customers who ship our SDK inside their own products. " +
    "It summarises the licences found in /usr/share/common-licenses on a Debian system; the licence text always prevails."),
  h("Licences at a glance", HeadingLevel.HEADING_1),
  table(
    ["Licence", "Published", "Copyleft", "Express patent grant", "Can be linked from proprietary code"],
    [
      ["GPL version 2", "June 1991", "Strong", "No", "No"],
      ["GPL version 3", "29 June 2007", "Strong", "Yes", "No"],
      ["LGPL version 2.1", "February 1999", "Weak (library)", "No", "Yes"],
      ["LGPL version 3", "29 June 2007", "Weak (library)", "Yes", "Yes"],
      ["Mozilla Public License 2.0", "2012", "Weak (per file)", "Yes", "Yes"],
      ["Apache License 2.0", "January 2004", "None (permissive)", "Yes", "Yes"],
      ["BSD 3-clause", "1999", "None (permissive)", "No", "Yes"],
    ],
  ),
  h("Notices you must keep", HeadingLevel.HEADING_1),
  p("Every licence in the table requires that copies keep the copyright notice and the licence text. The Apache " +
    "License 2.0 also requires that a NOTICE file distributed with the work be passed on, and that modified files " +
    "carry prominent notices stating that you changed them."),
  h("Where to get the full texts", HeadingLevel.HEADING_1),
  p("On Debian and Ubuntu the full texts are installed with the base-files package in /usr/share/common-licenses, " +
    "one file per licence, for example GPL-3, LGPL-2.1, Apache-2.0 and MPL-2.0."),
]);

// Facts from the PostgreSQL 15 manual (Debian postgresql-doc-15 15.20): sections 8.4, 8.6, 8.8 and 8.9.
await write("postgresql-storage-sizes.docx", [
  h("PostgreSQL storage sizes", HeadingLevel.TITLE),
  p("How much disk space a value of each type takes, from the PostgreSQL 15 documentation, chapter 8 (Data Types)."),
  h("Geometric types", HeadingLevel.HEADING_1),
  table(
    ["Type", "Storage size", "Description"],
    [
      ["point", "16 bytes", "Point on a plane"],
      ["line", "24 bytes", "Infinite line"],
      ["lseg", "32 bytes", "Finite line segment"],
      ["box", "32 bytes", "Rectangular box"],
      ["path", "16+16n bytes", "Closed or open path"],
      ["polygon", "40+16n bytes", "Polygon (similar to closed path)"],
      ["circle", "24 bytes", "Circle (center point and radius)"],
    ],
  ),
  h("Network address types", HeadingLevel.HEADING_1),
  table(
    ["Type", "Storage size", "Description"],
    [
      ["cidr", "7 or 19 bytes", "IPv4 and IPv6 networks"],
      ["inet", "7 or 19 bytes", "IPv4 and IPv6 hosts and networks"],
      ["macaddr", "6 bytes", "MAC addresses"],
      ["macaddr8", "8 bytes", "MAC addresses (EUI-64 format)"],
    ],
  ),
  h("Other types", HeadingLevel.HEADING_1),
  table(
    ["Type", "Storage size", "Range or values"],
    [
      ["boolean", "1 byte", "true, false or unknown (null)"],
      ["money", "8 bytes", "-92233720368547758.08 to +92233720368547758.07"],
    ],
  ),
]);
