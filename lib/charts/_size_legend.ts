/**
 * Private: the size legend of a chart whose dots are sized by a sqrt scale (hollow circles with their
 * values, drawn with the chart's own radius scale).
 *
 * @module
 */
import * as Plot from "@observablehq/plot";
import { type DomNode, plotOptions } from "./dom.ts";
import { textWidth } from "./_compose.ts";
import { compact } from "./_kit.ts";

/** Up to three legend values for a size scale with domain `[0, max]`: about 10%, 40% and 100% of `max`, rounded. */
export function sizeLegendValues(max: number): number[] {
  if (!(max > 0)) return [];
  const round = (v: number) => {
    const p = 10 ** Math.max(0, Math.floor(Math.log10(v)) - 1);
    return Math.max(1, Math.round(v / p) * p);
  };
  return [...new Set([0.1, 0.4, 1].map((f) => round(max * f)))].filter((v) => v <= max || v === round(max));
}

/**
 * A size legend as an SVG panel: `label`, then one hollow circle per value with its number, drawn with the
 * chart's sqrt radius scale (domain `[0, max]`, `range` in pixels) so sizes match the chart's dots.
 */
export function sizeLegend(
  options: { label: string; max: number; range: readonly [number, number]; color?: string },
): DomNode {
  const [r0, r1] = options.range;
  const radius = (v: number) => r0 + (r1 - r0) * Math.sqrt(v / options.max);
  const indent = 14; // as the colour legends above it
  let x = indent + textWidth(options.label, 10) + 12;
  const items = sizeLegendValues(options.max).map((v) => {
    const r = radius(v);
    const item = { v, r, cx: x + r, tx: x + 2 * r + 4, text: compact(v) };
    x = item.tx + textWidth(item.text, 10) + 14;
    return item;
  });
  const height = 2 * r1 + 8;
  const color = options.color ?? "#4e79a7";
  return Plot.plot(plotOptions({
    width: Math.ceil(x),
    height,
    margin: 0,
    x: { domain: [0, Math.ceil(x)], range: [0, Math.ceil(x)], axis: null },
    y: { domain: [0, 1], axis: null },
    r: { type: "identity" as const },
    marks: [
      Plot.text([options.label], { x: () => indent, y: () => 0.5, textAnchor: "start", fontSize: 10 }),
      Plot.dot(items, {
        x: "cx",
        y: () => 0.5,
        r: "r",
        fill: color,
        fillOpacity: 0.35,
        stroke: color,
      }),
      Plot.text(items, { x: "tx", y: () => 0.5, text: "text", textAnchor: "start", fontSize: 10 }),
    ],
  })) as unknown as DomNode;
}
