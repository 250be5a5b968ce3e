/**
 * Private: labels above bars that never overlap one another. A Plot `render` transform for text marks:
 * each label, in the marks' order (the first mark's labels first, each in its data's order, so put the
 * most important first), keeps its place when its box meets no label placed before; else it moves up a
 * line at a time (still above its bar), and is left out when no place up to the plot's top is free.
 * Several marks share one {@linkcode LabelRoom}, so their labels avoid each other too.
 *
 * Boxes are estimated from the font's advance widths (`textWidth`), the way the chart's margins are.
 *
 * @module
 */
import { textWidth } from "./_compose.ts";

type Box = readonly [x: number, y: number, w: number, h: number];

/** The label boxes placed so far in one chart (shared by its label marks). */
export interface LabelRoom {
  readonly taken: Box[];
}

/** A fresh room for one chart's labels. */
export const labelRoom = (): LabelRoom => ({ taken: [] });

const overlaps = (a: Box, b: Box) =>
  a[0] < b[0] + b[2] && b[0] < a[0] + a[2] && a[1] < b[1] + b[3] && b[1] < a[1] + a[3];

/** Options of {@linkcode stackedLabels}: the text mark's own. */
export interface StackedLabelOptions {
  /** The labels' texts, by data index. */
  readonly texts: readonly string[];
  readonly fontSize: number;
  readonly dx: number;
  readonly dy: number;
  readonly textAnchor: "start" | "end";
}

// deno-lint-ignore no-explicit-any
type Any = any;

/**
 * A `render` option for a text mark with `lineAnchor: "bottom"`: moves a colliding label up (its `y`
 * channel, in pixels) or leaves it out.
 *
 * @param room The chart's shared room.
 * @param options The mark's texts and text options.
 * @returns The render transform.
 */
export function stackedLabels(room: LabelRoom, options: StackedLabelOptions): Any {
  const { texts, fontSize, dx, dy, textAnchor } = options;
  const h = Math.ceil(fontSize * 1.2);
  return (index: number[], scales: Any, values: Any, dimensions: Any, context: Any, next: Any) => {
    const X = values.x as ArrayLike<number>, Y = Float64Array.from(values.y as ArrayLike<number>);
    const bw = typeof scales.x?.bandwidth === "function" ? scales.x.bandwidth() : 0;
    const top = dimensions.marginTop ?? 0;
    const kept: number[] = [];
    for (const i of index) {
      const w = textWidth(texts[i], fontSize);
      const x = X[i] + bw / 2 + dx - (textAnchor === "end" ? w : 0);
      let placed = false;
      for (let lift = 0; !placed; lift += h + 2) {
        const bottom = Y[i] + dy - lift;
        if (bottom - h < top) break;
        const box: Box = [x, bottom - h, w, h];
        if (room.taken.some((t) => overlaps(t, box))) continue;
        room.taken.push(box);
        Y[i] -= lift;
        placed = true;
      }
      if (placed) kept.push(i);
    }
    return next(kept, scales, { ...values, y: Y }, dimensions, context);
  };
}
