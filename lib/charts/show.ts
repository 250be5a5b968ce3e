/**
 * `await show(x)`: display anything in a Deno notebook so that batch runs (`jupyter nbconvert --execute`,
 * papermill) keep the output.
 *
 * Why not just end the cell with `x`: the Deno kernel (2.9.6) sometimes publishes the cell's `status: idle`
 * on IOPub *before* its output, and nbclient stops reading at idle, so the output is silently dropped from
 * the executed notebook. Measured with a raw jupyter_client script (docs/jupyter-kernel-idle-race.md): a
 * bare expression lost its output in about 4 of 100 executions, and even an awaited
 * `Deno.jupyter.display` in about 2 of 100. `show` sends the display message itself and then keeps the cell
 * busy for a short settle time, so the kernel's idle comes after the output has left.
 *
 * @module
 */
import { Chart } from "./render.ts";
import { jupyterDisplay } from "./display.ts";

/** The part of `Deno.jupyter` that {@linkcode show} uses. */
interface JupyterBroadcast {
  broadcast(type: string, content: Record<string, unknown>): Promise<void>;
  format(value: unknown): Promise<Record<string, unknown>> | Record<string, unknown>;
}

/** Options for {@linkcode show}. */
export interface ShowOptions {
  /**
   * How long the cell stays busy after the output is sent, in ms, so the kernel's `idle` cannot overtake
   * it. @default {SHOW_SETTLE_MS}
   */
  settleMs?: number;
}

/** Default settle time of {@linkcode show} (ms): measured, see the module note. */
export const SHOW_SETTLE_MS = 50;

/** `Deno.jupyter` outside `deno jupyter` is a getter that throws, hence the try. */
function kernel(): JupyterBroadcast | undefined {
  try {
    const api = (Deno as unknown as { jupyter?: Partial<JupyterBroadcast> }).jupyter;
    return typeof api?.broadcast === "function" && typeof api.format === "function"
      ? api as JupyterBroadcast
      : undefined;
  } catch {
    return undefined;
  }
}

/** Width and height of a PNG from its IHDR chunk. */
function pngSize(base64: string): { width: number; height: number } | undefined {
  const head = atob(base64.slice(0, 32)); // 24 bytes: signature, IHDR length and type, width, height
  if (head.length < 24 || !head.startsWith("\x89PNG")) return undefined;
  const u32 = (at: number) =>
    ((head.charCodeAt(at) << 24) | (head.charCodeAt(at + 1) << 16) | (head.charCodeAt(at + 2) << 8) |
      head.charCodeAt(at + 3)) >>> 0;
  return { width: u32(16), height: u32(20) };
}

/** The MIME type of a chart's SVG in a display message under the notebook tests (`RI_NOTEBOOK_TEST=1`). */
export const CHART_SVG: string = "application/vnd.research-intel.chart+svg";

const testMode = (): boolean => {
  try {
    return Deno.env.get("RI_NOTEBOOK_TEST") === "1";
  } catch {
    return false; // no env permission: not the notebook tests
  }
};

/**
 * The mime bundle and metadata `show` sends for a value: a displayable's own bundle
 * (`Symbol.for("Jupyter.display")`), a string as plain text, anything else as the kernel formats it. A
 * chart's PNG (drawn at zoom 2) gets width/height metadata so viewers draw it at its natural size.
 *
 * @param value What to show.
 * @param format The kernel's formatter, for values without their own bundle.
 * @returns `{ data, metadata }` of a `display_data` message.
 * @example A chart's PNG is drawn at half its pixel size
 * ```ts
 * import * as Plot from "@observablehq/plot";
 * import { chart, displayMessage } from "./mod.ts";
 * import assert from "node:assert/strict";
 * const { data, metadata } = await displayMessage(chart({ width: 300, height: 200, marks: [Plot.barY([1, 2])] }));
 * assert.ok(typeof data["image/png"] === "string");
 * assert.deepEqual(metadata, { "image/png": { width: 300, height: 200 } });
 * ```
 */
export async function displayMessage(
  value: unknown,
  format: (value: unknown) => unknown = (v) => ({ "text/plain": String(v) }),
): Promise<{ data: Record<string, unknown>; metadata: Record<string, unknown> }> {
  const own = value !== null && typeof value === "object" &&
    typeof (value as Record<symbol, unknown>)[jupyterDisplay] === "function";
  const data =
    (own
      ? await (value as { [jupyterDisplay](): unknown })[jupyterDisplay]()
      : typeof value === "string"
      ? { "text/plain": value }
      : await format(value)) as Record<string, unknown>;
  const metadata: Record<string, unknown> = {};
  const png = data["image/png"];
  // Under the notebook tests, a chart also carries its SVG (a type no viewer draws), so its labels can be measured.
  if (value instanceof Chart && testMode()) data[CHART_SVG] = value.svg();
  if (value instanceof Chart && typeof png === "string") {
    const size = pngSize(png);
    if (size) {
      metadata["image/png"] = { width: Math.round(size.width / 2), height: Math.round(size.height / 2) };
    }
  }
  return { data, metadata };
}

/**
 * Displays a value in a Deno notebook — a chart, a `showFrame(...)` table, an analysis result, a
 * `Deno.jupyter.md` block, a string — and resolves once the output is safely out. Write `await show(x)`
 * as a cell's last line instead of ending the cell with `x`: batch runs then keep the output (see the
 * module note). Outside a notebook it prints the plain-text form to stdout.
 *
 * @param value What to show.
 * @param options Settle time.
 * @returns Resolves when the output is sent and the settle time has passed.
 * @example Outside a notebook, the plain text is printed
 * ```ts
 * import { show } from "./show.ts";
 * await show("3 rows");
 * ```
 */
export async function show(value: unknown, options: ShowOptions = {}): Promise<void> {
  const api = kernel();
  if (!api) {
    const { data } = await displayMessage(value, (v) => ({ "text/plain": Deno.inspect(v) }));
    console.log(String(data["text/plain"] ?? Deno.inspect(value)));
    return;
  }
  const { data, metadata } = await displayMessage(value, (v) => api.format(v));
  await api.broadcast("display_data", { data, metadata, transient: {} });
  const settle = options.settleMs ?? SHOW_SETTLE_MS;
  if (settle > 0) await new Promise((resolve) => setTimeout(resolve, settle));
}
