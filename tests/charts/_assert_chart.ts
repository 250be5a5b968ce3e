/** Shared assertions of the analysis chart tests: a chart renders to standalone SVG and to a real PNG. */
import assert from "node:assert/strict";
import type { Chart } from "../../lib/charts/mod.ts";

/** PNG width and height from the IHDR chunk. */
export function pngSize(png: Uint8Array): { width: number; height: number } {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/**
 * Renders `c` to SVG and PNG and checks both: xmlns, no HTML left, every text in `texts` present, a PNG
 * with the signature and a sensible size. Returns the SVG for further checks.
 */
export function assertRenders(c: Chart, texts: readonly string[]): string {
  const svg = c.svg();
  assert.match(svg, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  assert.equal((svg.match(/<figure|<div|<span|<h2/g) ?? []).length, 0, "no HTML left in the SVG");
  for (const t of texts) assert.ok(svg.includes(t), `missing text: ${t}`);
  const png = c.png({ scale: 1 });
  assert.deepEqual([...png.slice(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10]);
  const { width, height } = pngSize(png);
  assert.ok(width >= 300 && width <= 1600, `png width ${width}`);
  assert.ok(height >= 150 && height <= 2400, `png height ${height}`);
  assert.ok(png.length > 5_000, "png is not blank");
  const display = c[Symbol.for("Jupyter.display") as keyof Chart] as unknown as () => Record<string, string>;
  assert.ok(display.call(c)["image/png"].startsWith("iVBORw0KGgo"), "Jupyter gets the PNG (base64)");
  return svg;
}

/** How many times `pattern` occurs in `svg`. */
export function count(svg: string, pattern: RegExp): number {
  return (svg.match(new RegExp(pattern.source, "g")) ?? []).length;
}

/** The visible texts of an SVG, one per `<text>` element, with multi-line labels (`<tspan>`s) joined by spaces. */
export function textsOf(svg: string): string[] {
  return [...svg.matchAll(/<text\b[^>]*>([\s\S]*?)<\/text>/g)].map((m) =>
    m[1].replace(/<\/tspan>\s*<tspan\b[^>]*>/g, " ").replace(/<[^>]+>/g, "").replace(/&amp;/g, "&").trim()
  );
}
