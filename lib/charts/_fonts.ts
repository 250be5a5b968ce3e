/**
 * The fonts PNG rendering uses: DejaVu Sans shipped by the npm package `dejavu-fonts-ttf` (a dependency of
 * the toolkit), so chart text is drawn on a machine without any system font. System fonts are still loaded
 * by resvg for glyphs DejaVu lacks (e.g. CJK).
 *
 * @module
 */
// Importing the package's manifest puts the package in the module graph, so Deno installs it with the
// toolkit (a font file alone is not a module).
import manifest from "dejavu-fonts-ttf/package.json" with { type: "json" };

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
    const dir = new URL("ttf/", packageUrl());
    const files = FACES.map((f) => decodeURIComponent(new URL(f, dir).pathname));
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

/**
 * The file URL of the font package's manifest: through the import map (a checkout, or `links`), else by
 * its exact npm name and version (once published, the importing project's map has no such bare entry).
 */
function packageUrl(): string {
  let url: string | undefined;
  try {
    url = import.meta.resolve("dejavu-fonts-ttf/package.json");
  } catch { /* not in this import map */ }
  if (!url?.startsWith("file:")) {
    url = import.meta.resolve(`npm:${manifest.name}@${manifest.version}/package.json`);
  }
  if (!url.startsWith("file:")) throw new Deno.errors.NotFound(`${manifest.name} resolved to ${url}`);
  return url;
}
