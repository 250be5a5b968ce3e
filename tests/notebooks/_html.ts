/**
 * Helpers of tests/notebooks_test.ts: is Jupyter with the Deno kernel there, and is every chart of an HTML
 * export drawn.
 *
 * @module
 */
import { PYTHON, run } from "./_stock.ts";

const APT_HINT = "apt-get install -y jupyter-nbconvert python3-nbclient python3-ipykernel";

async function exists(path: string): Promise<boolean> {
  return await Deno.stat(path).then(() => true, () => false);
}

/** The deno kernelspec's binary, or undefined when there is no `deno` kernelspec. */
async function kernelBinary(): Promise<string | undefined> {
  const probe = await run(PYTHON, [
    "-c",
    "from jupyter_client.kernelspec import KernelSpecManager as K; print(K().get_kernel_spec('deno').argv[0])",
  ]);
  return probe.ok ? probe.out.trim().split("\n").at(-1) : undefined;
}

/** Makes sure a `deno` kernelspec exists and points at an existing binary; returns a reason when it cannot. */
async function ensureKernel(): Promise<string | undefined> {
  const current = await kernelBinary();
  if (current && await exists(current)) return undefined;
  const home = Deno.env.get("HOME") ?? "";
  const stable = `${home}/.ri-tools/node_modules/.bin/deno`;
  const bin = Deno.env.get("RI_DENO_KERNEL_BIN") ?? ((await exists(stable)) ? stable : Deno.execPath());
  const install = await run(bin, ["jupyter", "--install", "--force"]);
  if (!install.ok) return `deno jupyter --install failed: ${install.out.trim()}`;
  const installed = await kernelBinary();
  return installed && await exists(installed)
    ? undefined
    : "the deno kernelspec is still missing after install";
}

/** Why notebooks cannot run here (Jupyter or the Deno kernel missing), or undefined. */
export async function missingJupyter(): Promise<string | undefined> {
  const probe = await run(PYTHON, ["-c", "import nbconvert, nbclient, nbformat, jupyter_client"]);
  if (!probe.ok) return `Jupyter not installed (${APT_HINT})`;
  const kernel = await ensureKernel();
  return kernel ? `Deno Jupyter kernel unavailable: ${kernel}` : undefined;
}

/**
 * Page expression: every PNG `<img>` of the export, decoded and drawn onto a canvas; `drawn` is the share of
 * its pixels that are not white (0 for an image that did not decode).
 */
export const DRAWN = `(async () => {
  const out = [];
  for (const img of document.querySelectorAll('img[src^="data:image/png"]')) {
    await img.decode().catch(() => {});
    const w = img.naturalWidth, h = img.naturalHeight;
    if (!w || !h) { out.push({ src: img.src.slice(0, 60), drawn: 0 }); continue; }
    const canvas = document.createElement("canvas");
    canvas.width = w; canvas.height = h;
    const ctx = canvas.getContext("2d");
    ctx.drawImage(img, 0, 0);
    const px = ctx.getImageData(0, 0, w, h).data;
    let ink = 0;
    for (let i = 0; i < px.length; i += 4) if (px[i] < 240 || px[i + 1] < 240 || px[i + 2] < 240) ink++;
    out.push({ src: img.src.slice(0, 60), drawn: ink / (w * h) });
  }
  return out;
})()`;

/** Problems with the charts an export shows: fewer PNG images than chart cells, or one blank (< 1% ink). */
export function chartsDrawn(images: { src: string; drawn: number }[], charts: number): string[] {
  const problems: string[] = [];
  if (images.length < charts) problems.push(`expected ${charts} chart images, found ${images.length}`);
  images.forEach((img, i) => {
    if (img.drawn < 0.01) {
      problems.push(`image ${i} is blank (${(img.drawn * 100).toFixed(2)}% ink): ${img.src}`);
    }
  });
  return problems;
}
