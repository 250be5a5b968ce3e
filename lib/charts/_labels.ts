/**
 * Private: axis and mark labels of the analysis charts — wrapping long names on lines instead of cutting
 * them, one display case for drug names, truncation, and the row heights and margins that fit them.
 *
 * @module
 */
import { textWidth } from "./_compose.ts";

/**
 * Breaks a label into lines of at most `maxChars` characters at spaces (a word longer than that stays
 * whole), so a long name is shown in full instead of cut; only past `maxLines` lines is the last cut with
 * an ellipsis. Plot draws `\n` in tick labels and text marks as separate lines.
 */
export function wrapLabel(text: unknown, maxChars = 22, maxLines = 3): string {
  const words = String(text ?? "").trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.at(-1);
    if (last !== undefined && [...`${last} ${word}`].length <= maxChars) {
      lines[lines.length - 1] = `${last} ${word}`;
    } else lines.push(word);
  }
  if (lines.length <= maxLines) return lines.join("\n");
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = truncate(`${kept[maxLines - 1]} ${lines[maxLines]}`, maxChars);
  return kept.join("\n");
}

export { displayName } from "../frames/value_labels.ts";

/** Cuts a label to `max` characters with an ellipsis. */
export function truncate(text: unknown, max = 28): string {
  const s = String(text ?? "");
  return [...s].length > max ? `${[...s].slice(0, max - 1).join("")}…` : s;
}

/** The most lines any of `labels` has (`\n`-separated); 1 for none. */
export function maxLines(labels: readonly string[]): number {
  return Math.max(1, ...labels.map((l) => l.split("\n").length));
}

/** Height of one band-scale row that fits the tallest (wrapped) label: `base`, plus `perLine` px per extra line. */
export function rowStep(labels: readonly string[], base: number, perLine = 10): number {
  return base + perLine * (maxLines(labels) - 1);
}

/** Left margin that fits the longest label (its longest line) at Plot's 10 px tick font. */
export function marginFor(labels: readonly string[], min = 40, max = 240): number {
  const widest = Math.max(0, ...labels.flatMap((l) => l.split("\n")).map((l) => textWidth(l, 10)));
  return Math.round(Math.min(max, Math.max(min, widest + 16)));
}
