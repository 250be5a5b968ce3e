/**
 * Private: how a diff shows in a Deno notebook — the summary, then each frame's changed cells, added and
 * removed rows (first 15 each), with the keys they were matched by.
 *
 * @module
 */
import { frameToHtmlTable } from "../charts/display.ts";
import type pl from "nodejs-polars";

/** What the display reads of a `SnapshotDiff` (named here so this file does not import diff.ts: no cycle). */
interface Shown {
  readonly changed: boolean;
  readonly summary: pl.DataFrame;
  readonly frames: Readonly<
    Record<string, {
      readonly key: readonly string[];
      readonly changed: pl.DataFrame;
      readonly added: pl.DataFrame;
      readonly removed: pl.DataFrame;
    }>
  >;
}

/** Attach `Symbol.for("Jupyter.display")` to a diff (non-enumerable) and return it. */
export function withDiffDisplay<D extends Shown>(d: D): D {
  Object.defineProperty(d, Symbol.for("Jupyter.display"), {
    enumerable: false,
    value: () => {
      const parts = [
        `<p><b>${d.changed ? "Changed" : "No change"}</b></p>`,
        frameToHtmlTable(d.summary, { title: "Frames, biggest change first" }),
      ];
      for (const [name, f] of Object.entries(d.frames)) {
        const key = f.key.join(", ") || "row";
        if (f.changed.height) {
          parts.push(frameToHtmlTable(f.changed, { title: `${name}: changed (key ${key})`, rows: 15 }));
        }
        if (f.added.height) parts.push(frameToHtmlTable(f.added, { title: `${name}: added`, rows: 15 }));
        if (f.removed.height) {
          parts.push(frameToHtmlTable(f.removed, { title: `${name}: removed`, rows: 15 }));
        }
      }
      return { "text/html": parts.join("\n") };
    },
  });
  return d;
}
