/**
 * The fonts PNG rendering uses: DejaVu Sans shipped by the npm package `dejavu-fonts-ttf` (a dependency of
 * the toolkit), so chart text is drawn on a machine without any system font. System fonts are still loaded
 * by resvg for glyphs DejaVu lacks (e.g. CJK).
 *
 * @module
 */
// Importing the package's manifest puts the package in the module graph, so Deno installs it with the
// toolkit (a font file alone is not a module).
import "dejavu-fonts-ttf/package.json" with { type: "json" };
import { fileURLToPath } from "node:url";

const FACES = [
  "DejaVuSans.ttf",
  "DejaVuSans-Bold.ttf",
  "DejaVuSans-Oblique.ttf",
  "DejaVuSans-BoldOblique.ttf",
];

let cached: string[] | undefined;

/**
 * Paths of the bundled DejaVu Sans faces, for resvg's `font.fontFiles`. When they cannot be read (no
 * `--allow-read`, or a broken install) it warns once on stderr and returns `[]`, so text falls back to the
 * system fonts.
 *
 * @returns Absolute file paths.
 */
export function bundledFontFiles(): string[] {
  if (cached) return cached;
  try {
    // A literal specifier: `deno publish` rewrites it to the npm package, so it resolves once published too.
    const dir = new URL("ttf/", import.meta.resolve("dejavu-fonts-ttf/package.json"));
    const files = FACES.map((f) => fileURLToPath(new URL(f, dir))); // a path on Windows too
    for (const file of files) Deno.statSync(file);
    cached = files;
  } catch (error) {
    console.warn(
      `PNG text: the bundled DejaVu Sans font could not be read (${(error as Error).name}); ` +
        "falling back to the system fonts (install fonts-dejavu-core, or run with --allow-read)",
    );
    cached = [];
  }
  return cached;
}
