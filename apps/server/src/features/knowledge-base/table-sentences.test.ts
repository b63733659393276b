import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { htmlSections, mainContentOfHtml } from "./html-text.ts";
import { tableSentences } from "./table-sentences.ts";

const cells = (row: string[], header = false) => row.map((text) => ({ text, header }));

test("a PostgreSQL manual table reads as row — column: value sentences under the page's headings", () => {
  const html = fs.readFileSync(
    new URL("../../../../../tests/support/debian-extracts/postgresql-numeric-types.html", import.meta.url),
    "utf8",
  );
  const { sections, tableRows } = mainContentOfHtml(html);
  assert.equal(tableRows, 10);
  const text = sections.flatMap((s) => s.paragraphs.map((p) => p.text));
  assert.ok(
    text.includes(
      "smallint — Storage Size: 2 bytes. smallint — Description: " +
        "small-range integer. smallint — Range: -32768 to +32767.",
    ),
    text[0],
  );
  assert.ok(text.some((t) => t.includes("bigint — Range: -9223372036854775808 to +9223372036854775807.")));
  assert.ok(
    !text.some((t) => /^Name Storage Size Description Range/.test(t)),
    "the header row is not a paragraph of its own",
  );
  assert.equal(sections[0]!.heading, "Numeric Types", "text before a heading carries the page's title");
  assert.ok(
    sections.some(
      (s) =>
        s.heading.endsWith("Integer Types") &&
        s.paragraphs[0]!.text.startsWith("The types smallint, integer, and bigint"),
    ),
  );
});

test("a Word table (bold first row, no <th>, as mammoth writes it) names each value's row and column", () => {
  const b = (s: string) => `<td><p><strong>${s}</strong></p></td>`;
  const d = (s: string) => `<td><p>${s}</p></td>`;
  const html =
    `<h1>Licences</h1><table><tr>${b("Licence")}${b("Can be linked from proprietary code")}${b("Copyleft")}</tr>` +
    `<tr>${d("GPL")}${d("No")}${d("Strong")}</tr><tr>${d("MIT")}${d("Yes")}${d("")}</tr></table>`;
  const { sections, tableRows } = htmlSections(html);
  assert.equal(tableRows, 2);
  assert.deepEqual(sections, [
    {
      heading: "Licences",
      paragraphs: [
        { text: "GPL — Can be linked from proprietary code: No. GPL — Copyleft: Strong.", page: null },
        { text: "MIT — Can be linked from proprietary code: Yes.", page: null },
      ],
    },
  ]);
});

test("two columns without a header row are name: value pairs; one column is a list", () => {
  assert.deepEqual(tableSentences([cells(["Opening hours", "9 to 5"]), cells(["Phone", "555 0100"])]), [
    "Opening hours: 9 to 5.",
    "Phone: 555 0100.",
  ]);
  assert.deepEqual(tableSentences([cells(["First step"]), cells(["Second step."])]), ["First step.", "Second step."]);
});

test("a <th> header row, a spanning cell and a label-only row", () => {
  const rows = [
    cells(["Plan", "Price", "Seats"], true),
    cells(["Basic", "$19", "3"]),
    cells(["Enterprise", "", ""]),
    cells(["Premium", "$49", "10"]),
  ];
  assert.deepEqual(tableSentences(rows), [
    "Basic — Price: $19. Basic — Seats: 3.",
    "Enterprise.",
    "Premium — Price: $49. Premium — Seats: 10.",
  ]);
  const { sections } = htmlSections(
    "<table><tr><th>Plan</th><th " +
      'colspan="2">Price</th></tr><tr><td>Basic</td><td>$19</td><td>monthly</td></tr></table>',
  );
  assert.equal(sections[0]!.paragraphs[0]!.text, "Basic — Price: $19. Basic — Price: monthly.");
  assert.deepEqual(tableSentences([]), []);
});
