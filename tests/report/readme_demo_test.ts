/**
 * The README's demo line says what the demo writes: each of the demo's formats (HEADLINE_INPUTS.formats)
 * by the file it makes, and no format the demo does not write (CSVs and the workbook are the report
 * command's).
 */
import assert from "node:assert/strict";
import { HEADLINE_INPUTS } from "../../lib/report/inputs.ts";

const SAID: Record<string, RegExp> = {
  html: /report\.html/,
  png: /PNGs?\b/,
  pptx: /report\.pptx|PowerPoint/,
  csv: /CSVs?\b/,
  xlsx: /Excel|\.xlsx/,
};

Deno.test("README: the demo's line names exactly the files the demo writes", async () => {
  const readme = await Deno.readTextFile(new URL("../../README.md", import.meta.url));
  const line = readme.split("\n").find((l) => /task demo\s+#/.test(l));
  assert.ok(line, "README has the demo's command line with a comment");
  const said = line.split("#")[1];
  for (const [format, words] of Object.entries(SAID)) {
    const writes = (HEADLINE_INPUTS.formats as readonly string[]).includes(format);
    assert.equal(
      words.test(said),
      writes,
      `${format}: the demo ${writes ? "writes" : "does not write"} it: ${said}`,
    );
  }
});
