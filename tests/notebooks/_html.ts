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

/** What a reader sees of an export's outputs: their texts, table cells, dtype rows, tables wider than their area. */
export interface ReaderView {
  /** The visible text of each output. */
  readonly outputs: string[];
  /** The text of every table cell of the outputs. */
  readonly cells: string[];
  /** Dtype lines under table headers (`ri-dtype`). */
  readonly dtypes: number;
  /** Tables wider than the page's output column: their width and the column's, in CSS pixels. */
  readonly wide: { title: string; width: number; room: number }[];
}

/** Page expression: the {@linkcode ReaderView} of an nbconvert HTML export. */
export const READERS = `(() => {
  const areas = [...document.querySelectorAll(".output_area, .jp-OutputArea-child")];
  const outputs = areas.map((a) => a.innerText);
  const cells = areas.flatMap((a) => [...a.querySelectorAll("td, th")].map((c) => c.innerText.trim()));
  const dtypes = areas.reduce((n, a) => n + a.querySelectorAll(".ri-dtype").length, 0);
  const wide = [];
  for (const a of areas) {
    const room = a.getBoundingClientRect().width;
    for (const t of a.querySelectorAll(".ri-frame table")) {
      const width = t.getBoundingClientRect().width;
      if (width > room + 1) {
        const title = t.closest(".ri-frame")?.firstElementChild?.innerText ?? "";
        wide.push({ title: title.slice(0, 80), width: Math.round(width), room: Math.round(room) });
      }
    }
  }
  return { outputs, cells, dtypes, wide };
})()`;

/** Stored codes a reader must never meet, each with what it looks like. */
const CODES: readonly [string, RegExp][] = [
  [
    "a trial status code",
    /\b(?:NOT_YET_RECRUITING|ACTIVE_NOT_RECRUITING|ENROLLING_BY_INVITATION|RECRUITING|COMPLETED|TERMINATED|WITHDRAWN|SUSPENDED)\b/,
  ],
  ["a phase code", /\b(?:EARLY_)?PHASE\d(?:\/PHASE\d)?\b/],
  ["an entity prefix", /\b(?:sponsor|ticker|lei|indication|drug):[A-Za-z0-9]/],
  ["a catalyst type code", /\b(?:patent_expiry|exclusivity_expiry)\b/],
  ["a tier code", /\bsmall_molecules_modern\b/],
  ["a warning's [code] suffix", /\[[a-z]+(?:-[a-z]+)+\]/],
  ["a loopback address", /\b127\.0\.0\.1:\d+/],
];

/**
 * Problems a reader would meet in an export's outputs: stored codes (statuses, phases, entity prefixes,
 * catalyst types, `[code]` suffixes), lists in brackets, dtype rows, a table wider than the page.
 */
export function readerProblems(view: ReaderView): string[] {
  const problems: string[] = [];
  if (!view.outputs.length) problems.push("no output areas found in the export (nothing was checked)");
  view.outputs.forEach((text, i) => {
    for (const [what, re] of CODES) {
      const hit = text.match(re);
      if (hit) {
        const at = hit.index ?? 0;
        problems.push(`output ${i}: ${what} '${hit[0]}' in "…${text.slice(Math.max(0, at - 40), at + 40)}…"`);
      }
    }
  });
  const bracketed = view.cells.filter((c) => /^\[.*\]$/s.test(c));
  if (bracketed.length) {
    problems.push(`${bracketed.length} table cells show a list in brackets, e.g. ${bracketed[0]}`);
  }
  if (view.dtypes) problems.push(`${view.dtypes} dtype lines under table headers`);
  for (const w of view.wide) problems.push(`table '${w.title}' is ${w.width} px wide in a ${w.room} px page`);
  return problems;
}
