/**
 * Notebooks the way users run them: the stock `jupyter nbconvert --to notebook --execute` (no grace period,
 * no custom client) and `jupyter nbconvert --to html`, then checks of the executed notebook.
 *
 * Used by tests/notebooks_test.ts, tests/own_project_test.ts and tools/notebooks_check.ts (the 5-run check).
 *
 * @module
 */
import { basename, dirname, join } from "node:path";

/** Debian's Python (the `python3` first on PATH may be another install without nbformat). */
export const PYTHON: string = Deno.env.get("RI_PYTHON") ??
  ((await Deno.stat("/usr/bin/python3").then(() => true, () => false)) ? "/usr/bin/python3" : "python3");

/** Output of a finished command. */
export interface Ran {
  ok: boolean;
  out: string;
  seconds: number;
}

/** Runs a command to completion, capturing stdout and stderr together. */
export async function run(
  cmd: string,
  args: string[],
  env?: Record<string, string>,
  cwd?: string,
): Promise<Ran> {
  const started = performance.now();
  try {
    const { success, stdout, stderr } = await new Deno.Command(cmd, {
      args,
      env,
      cwd,
      stdout: "piped",
      stderr: "piped",
    }).output();
    const text = new TextDecoder();
    const seconds = (performance.now() - started) / 1000;
    return { ok: success, out: `${text.decode(stdout)}${text.decode(stderr)}`, seconds };
  } catch (error) {
    return { ok: false, out: String(error), seconds: (performance.now() - started) / 1000 };
  }
}

/**
 * `jupyter nbconvert --to notebook --execute <notebook> --output-dir <outDir>`, exactly as a user types it.
 * Returns the run and the executed notebook's path (written only when every cell ran without error).
 */
export async function executeStock(
  notebook: string,
  outDir: string,
  env: Record<string, string> = {},
  cwd?: string,
): Promise<Ran & { executed: string }> {
  const ran = await run(
    PYTHON,
    ["-m", "jupyter", "nbconvert", "--to", "notebook", "--execute", notebook, "--output-dir", outDir],
    env,
    cwd,
  );
  return { ...ran, executed: join(outDir, basename(notebook)) };
}

/** `jupyter nbconvert --to html <executed>`; returns the run and the HTML file's path. */
export async function exportHtml(executed: string): Promise<Ran & { html: string }> {
  const ran = await run(PYTHON, ["-m", "jupyter", "nbconvert", "--to", "html", executed]);
  return { ...ran, html: join(dirname(executed), basename(executed).replace(/\.ipynb$/, ".html")) };
}

// deno-lint-ignore no-explicit-any
type Json = any;

const RICH = ["execute_result", "display_data"];

function sourceOf(cell: Json): string {
  return Array.isArray(cell.source) ? cell.source.join("") : String(cell.source ?? "");
}

/** True when the cell is tagged `name` or its first line is `// name`. */
export function marked(cell: Json, name: string): boolean {
  if ((cell.metadata?.tags ?? []).includes(name)) return true;
  const first = sourceOf(cell).trimStart().split("\n", 1)[0].trim().toLowerCase();
  return first === `// ${name}` || first === `//${name}`;
}

/** What an executed notebook holds, and what is missing from it. */
export interface NotebookCheck {
  /** Missing or wrong outputs, one line each (empty when the notebook is complete). */
  problems: string[];
  /**
   * Per code cell, its outputs' types (`display_data:image/png`, `stream`…), progress bars aside: equal across
   * good runs.
   */
  signature: string[];
  outputs: number;
  charts: number;
}

/**
 * Checks an executed notebook: every code cell has at least one output (our notebooks end every cell
 * with `await show(...)`; a cell tagged or marked `// no-output` is exempt), none is an error, every chart
 * cell (`// chart`) has an image/png, every display cell (`// display`) a rich output.
 */
export function checkNotebook(nb: Json): NotebookCheck {
  const problems: string[] = [];
  const signature: string[] = [];
  let outputs = 0, charts = 0;
  (nb.cells as Json[]).forEach((cell, index) => {
    if (cell.cell_type !== "code") return;
    const outs: Json[] = cell.outputs ?? [];
    outputs += outs.length;
    const label = `cell ${index} (${sourceOf(cell).trim().split("\n", 1)[0].slice(0, 60)})`;
    // A paging progress bar (progressBar's `<progress>` display) is left out: whether a read pages depends on
    // what the service sends (on the spec-minimal profile the portfolio overlap pulls each sponsor's trials).
    signature.push(
      outs.filter((o) => !String(o.data?.["text/html"] ?? "").includes('<progress max="1"'))
        .map((o) => `${o.output_type}${o.data?.["image/png"] ? ":image/png" : ""}`).join(",") || "-",
    );
    if (outs.length === 0 && !marked(cell, "no-output")) problems.push(`${label}: no output`);
    for (const o of outs) {
      if (o.output_type === "error") problems.push(`${label}: ${o.ename}: ${o.evalue}`);
    }
    if (marked(cell, "chart")) {
      charts++;
      if (!outs.some((o) => RICH.includes(o.output_type) && typeof o.data?.["image/png"] === "string")) {
        problems.push(`${label}: chart cell has no image/png output`);
      }
    }
    if (marked(cell, "display") && !outs.some((o) => RICH.includes(o.output_type))) {
      problems.push(`${label}: display cell has no rich output`);
    }
  });
  return { problems, signature, outputs, charts };
}
