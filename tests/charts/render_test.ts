import assert from "node:assert/strict";
import * as Plot from "@observablehq/plot";
import { DOMParser } from "linkedom";
import {
  Chart,
  chart,
  jupyterDisplay,
  plotOptions,
  savePng,
  saveSvg,
  toPng,
  toSvg,
} from "../../lib/charts/mod.ts";
import { ordinalChart, richChart } from "./_fixtures.ts";

const PNG_SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];

function pngSize(png: Uint8Array): { width: number; height: number } {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

function parseSvg(svg: string): { root: { tagName: string; getAttribute(n: string): string | null } } {
  const doc = new DOMParser().parseFromString(svg, "image/svg+xml") as unknown as {
    documentElement: { tagName: string; getAttribute(n: string): string | null };
  };
  return { root: doc.documentElement };
}

Deno.test("toSvg() stacks title, subtitle, legends, chart and caption into one standalone svg", () => {
  const svg = toSvg(richChart());
  const { root } = parseSvg(svg);
  assert.equal(root.tagName.toLowerCase(), "svg");
  assert.equal(root.getAttribute("xmlns"), "http://www.w3.org/2000/svg");
  assert.equal((svg.match(/<figure|<div|<span|<h2/g) ?? []).length, 0, "no HTML left in the SVG");
  for (
    const text of [
      "Enrollment by start year",
      "Synthetic sandbox trials",
      "Start year",
      "Enrollment (participants)",
    ]
  ) {
    assert.ok(svg.includes(text), `missing ${text}`);
  }
  assert.ok(svg.includes("Phase 3"), "ordinal symbol legend labels are rendered as SVG text");
  assert.match(svg, /href="data:image\/svg\+xml;base64,/, "continuous ramp is painted via the canvas stub");
  assert.ok(svg.includes("Source: Research Intelligence sandbox"), "caption is kept");
});

Deno.test("toSvg() renders ordinal colour swatches as SVG rects with their labels", () => {
  const svg = ordinalChart().svg();
  for (const sponsor of ["Acme Therapeutics", "Globex Bio", "Initech Pharma"]) {
    assert.ok(svg.includes(`>${sponsor}</text>`));
  }
  assert.match(svg, /<svg x="\d+" y="\d+" width="15" height="15" overflow="visible" fill="#[0-9a-f]{6}"/);
});

Deno.test("toSvg() adds xmlns to a bare Plot svg and to svg markup", () => {
  const el = Plot.plot(plotOptions({ x: { label: "Phase" }, marks: [Plot.barY([1, 2, 3])] }));
  const svg = toSvg(el as never);
  assert.match(svg, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" xmlns:xlink=/);
  assert.equal(toSvg(svg), svg, "idempotent on standalone markup");
  assert.ok(svg.includes("Phase"));
});

Deno.test("toPng() gives a PNG at twice the SVG size by default", () => {
  const c = richChart();
  const png = c.png();
  assert.deepEqual([...png.slice(0, 8)], PNG_SIGNATURE);
  const height = Number(c.svg().match(/^<svg[^>]* height="(\d+)"/)?.[1]);
  assert.deepEqual(pngSize(png), { width: 1280, height: height * 2 });
  assert.ok(height > 450, "title, legends and caption add height above the 400 px plot");
  assert.ok(png.length > 20_000, `PNG suspiciously small: ${png.length} bytes`);
  assert.deepEqual(pngSize(toPng(c, { scale: 1 })), { width: 640, height });
});

Deno.test("toPng() accepts svg markup without xmlns", () => {
  const png = toPng('<svg width="20" height="10"><rect width="20" height="10" fill="red"/></svg>', {
    scale: 1,
  });
  assert.deepEqual(pngSize(png), { width: 20, height: 10 });
});

Deno.test("Chart displays in Jupyter as a PNG (no SVG: nbconvert 6.5 blanks it) with a plain-text title", () => {
  const bundle = ordinalChart()[jupyterDisplay]();
  const png = Uint8Array.from(atob(bundle["image/png"]), (c) => c.charCodeAt(0));
  assert.deepEqual([...png.slice(1, 4)], [80, 78, 71]);
  assert.equal(pngSize(png).width, 1280, "drawn at zoom 2");
  assert.equal(bundle["image/svg+xml"], undefined, "a bundle with an SVG makes nbconvert 6.5 pick the SVG");
  assert.equal(bundle["text/plain"], "Chart: Trials per phase and sponsor");
});

Deno.test("Chart accepts figure markup and keeps the original HTML", () => {
  const html = ordinalChart().html();
  assert.match(html, /^<figure/);
  const again = new Chart(html);
  assert.ok(again.svg().includes("Trials per phase and sponsor"));
  assert.throws(() => new Chart("<p>no chart</p>").svg(), TypeError);
});

Deno.test("savePng() and saveSvg() write files", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await savePng(`${dir}/c.png`, ordinalChart(), { scale: 1 });
    await saveSvg(`${dir}/c.svg`, ordinalChart());
    assert.deepEqual([...(await Deno.readFile(`${dir}/c.png`)).slice(0, 8)], PNG_SIGNATURE);
    assert.match(await Deno.readTextFile(`${dir}/c.svg`), /^<svg xmlns=/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("ramp legend end labels stay inside the image (0 and 100 ticks)", () => {
  const c = chart({
    color: { legend: true, type: "linear", domain: [0, 100] },
    marks: [Plot.dot([{ v: 0 }, { v: 100 }], { x: "v", fill: "v" })],
  });
  const svg = c.svg();
  assert.match(svg, /<svg x="14" y="0" width="240" height="50" overflow="visible"/);
  assert.ok(svg.includes(">0</text>") && svg.includes(">100</text>"));
});
