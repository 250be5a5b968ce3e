/**
 * PNG text needs no system font: toPng draws text with the DejaVu Sans shipped by the npm dependency
 * `dejavu-fonts-ttf`. The renderer runs in a subprocess whose fontconfig lists no font directory
 * (FONTCONFIG_FILE pointing at an empty configuration), which is how resvg finds system fonts; a control render with no font at all shows that this setup really hides them.
 */
import assert from "node:assert/strict";

const ROOT = new URL("../", import.meta.url);
const RENDER = new URL("lib/charts/render.ts", ROOT).href;
const TEXT = '<svg width="240" height="60"><text x="8" y="38" font-size="24">Lung cancer 2026</text></svg>';
const BLANK = '<svg width="240" height="60"><g/></svg>';

/** Renders TEXT and BLANK in a subprocess without system fonts; returns the PNG sizes and stderr. */
async function renderWithoutSystemFonts(): Promise<
  { text: number; blank: number; bare: number; err: string }
> {
  const dir = await Deno.makeTempDir({ prefix: "ri-nofonts-" });
  try {
    await Deno.writeTextFile(`${dir}/fonts.conf`, '<?xml version="1.0"?>\n<fontconfig></fontconfig>\n');
    const code = `
      import { toPng } from ${JSON.stringify(RENDER)};
      import { Resvg } from "@resvg/resvg-js";
      const bare = new Resvg(${
      JSON.stringify(TEXT.replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" '))
    },
        { font: { loadSystemFonts: true } }).render().asPng().length;
      console.log(JSON.stringify({ text: toPng(${JSON.stringify(TEXT)}, { scale: 1 }).length,
        blank: toPng(${JSON.stringify(BLANK)}, { scale: 1 }).length, bare }));`;
    const { code: status, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
      args: ["eval", "--config", new URL("deno.json", ROOT).pathname, "--ext=ts", code],
      env: { FONTCONFIG_FILE: `${dir}/fonts.conf` },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const err = new TextDecoder().decode(stderr);
    assert.equal(status, 0, err);
    return { ...JSON.parse(new TextDecoder().decode(stdout)), err };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("toPng draws text with the bundled DejaVu Sans when no system font is available", async () => {
  const { text, blank, bare, err } = await renderWithoutSystemFonts();
  // Control: resvg with system fonts only draws nothing here, so the PNG is as small as a blank one.
  assert.ok(
    bare <= blank + 16,
    `control drew text (${bare} vs blank ${blank} bytes): system fonts not hidden`,
  );
  assert.ok(text > blank + 300, `no text drawn: ${text} bytes vs blank ${blank} bytes`);
  assert.doesNotMatch(err, /could not be read/, "no fallback warning");
});
