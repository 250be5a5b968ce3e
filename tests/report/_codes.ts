/**
 * What a reader should never meet on the page, in the workbook, in chart text or in an MCP answer: stored
 * codes and machine words. {@linkcode codesIn} lists each offending token of a text; {@linkcode pageText}
 * is the visible text of a report page (the provenance appendix, file links and `<code>` left out: they
 * name endpoints and files on purpose).
 *
 * @module
 */
import { VALUE_LABELS } from "../../lib/frames/value_labels.ts";

/** Stored values that have a label and look like codes (`NOT_YET_RECRUITING`, `PHASE1`, `conference-paper`). */
const STORED_CODES: readonly string[] = [
  ...new Set(
    Object.values(VALUE_LABELS).flatMap((vocab) =>
      Object.entries(vocab).filter(([code, label]) =>
        code !== label && (/_/.test(code) || /^[A-Z]+\d/.test(code) || /^[a-z]+-[a-z]+$/.test(code))
      ).map(([code]) => code)
    ),
  ),
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** Patterns of machine words, each with what it is. */
const PATTERNS: readonly [RegExp, string][] = [
  [/\[[a-z]+(?:-[a-z]+)+\]/g, "a [code] suffix"],
  [/\b(?:sponsor|ticker|lei|indication|disease|drug):(?=[A-Za-z0-9])/g, "an entity key prefix"],
  [/\b[a-z]+\.[a-z]+_[a-z_]+\b/g, "a frame.column reference"],
  // An internal key (`regulatory_approval/1009029`) is an identifier, looked up, not read as a word.
  [/\b[a-z]+(?:_[a-z0-9]+)+\b(?!\/)/g, "a snake_case name"],
  [/\b(?:127\.0\.0\.1|0\.0\.0\.0|localhost)(?::\d+)?/g, "a loopback address"],
  [/\b[A-Z]{4,}(?: [A-Z]{4,})+\b/g, "a name in registry capitals"],
  // A public identifier that starts with a source code (`FDA_ORANGE:055655`, an approval id) is an id.
  [new RegExp(`(?<![\\w-])(?:${STORED_CODES.map(escape).join("|")})(?![\\w-]|:\\d)`, "g"), "a stored code"],
];

/**
 * Every machine word in `text`, as `token (what it is)`.
 *
 * @param text What a reader reads.
 * @param codes Further codes to look for (the structured warnings' codes of the run).
 * @returns The offending tokens; empty when the text is in words.
 */
export function codesIn(text: string, codes: readonly string[] = []): string[] {
  const patterns = codes.length
    ? [
      ...PATTERNS,
      [new RegExp(`(?<![\\w-])(?:${codes.map(escape).join("|")})(?![\\w-])`, "g"), "a warning code"] as const,
    ]
    : PATTERNS;
  const out: string[] = [];
  for (const [re, what] of patterns) {
    for (const m of text.matchAll(re)) {
      const at = m.index ?? 0;
      out.push(`${m[0]} (${what}): …${text.slice(Math.max(0, at - 50), at + m[0].length + 30)}…`);
    }
  }
  return out;
}

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
};

/** The visible text of a report page, without the provenance appendix, `<code>`, links to files and styles. */
export function pageText(html: string): string {
  return html
    .replace(/<style[\s\S]*?<\/style>/g, " ")
    .replace(/<details[\s\S]*?<\/details>/g, " ")
    .replace(/<code[\s\S]*?<\/code>/g, " ")
    .replace(/<a\b[^>]*>[\s\S]*?<\/a>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] ?? e)
    .replace(/\s+/g, " ");
}
