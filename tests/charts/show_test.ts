import assert from "node:assert/strict";
import * as Plot from "@observablehq/plot";
import pl from "nodejs-polars";
import { chart, displayMessage, show, showFrame } from "../../lib/charts/mod.ts";

Deno.test("displayMessage(): a chart is a PNG drawn at half its pixel size, with no SVG", async () => {
  const { data, metadata } = await displayMessage(
    chart({ width: 400, height: 250, marks: [Plot.barY([1, 2])] }),
  );
  assert.deepEqual(Object.keys(data).sort(), ["image/png", "text/plain"]);
  assert.deepEqual(metadata, { "image/png": { width: 400, height: 250 } });
});

Deno.test("displayMessage(): a frame keeps its HTML and text, a string is plain text, others go to format", async () => {
  const frame = await displayMessage(showFrame(pl.DataFrame({ a: [1, 2] })));
  assert.match(String(frame.data["text/html"]), /2 rows × 1 column\b/);
  assert.deepEqual(frame.metadata, {});
  assert.deepEqual((await displayMessage("closed")).data, { "text/plain": "closed" });
  const formatted = await displayMessage(42, (v) => ({ "text/plain": `<${v}>` }));
  assert.deepEqual(formatted.data, { "text/plain": "<42>" });
});

Deno.test("show() outside a notebook prints the plain text", async () => {
  const printed: unknown[] = [];
  const log = console.log;
  console.log = (...args: unknown[]) => void printed.push(...args);
  try {
    await show("3 pages fetched");
    await show(showFrame(pl.DataFrame({ a: [1] }), { title: "T" }));
  } finally {
    console.log = log;
  }
  assert.equal(printed[0], "3 pages fetched");
  assert.match(String(printed[1]), /^T\n1 row × 1 column\n/);
});
