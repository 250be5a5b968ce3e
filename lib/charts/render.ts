/**
 * Rendering Plot charts to standalone SVG and PNG, and the {@linkcode Chart} wrapper that displays inline
 * in a Deno Jupyter notebook.
 *
 * @module
 */
import * as Plot from "@observablehq/plot";

/** Observable Plot's options of `Plot.plot` (its own `PlotOptions`, named so that your code can write it). */
export type PlotOptions = Plot.PlotOptions;
import { Resvg } from "@resvg/resvg-js";
import { parseHTML } from "linkedom";
import { figureToSvg, withXmlns } from "./_compose.ts";
import { bundledFontFiles } from "./_fonts.ts";
import { type DomNode, plotOptions } from "./dom.ts";
import { jupyterDisplay } from "./display.ts";
import { Buffer } from "node:buffer";

/** Anything that can be rendered: a {@linkcode Chart}, a Plot element (`<svg>` or `<figure>`), or markup. */
export type ChartInput = Chart | DomNode | string;

/** Options for {@linkcode toPng}. */
export interface PngOptions {
  /** Zoom factor; 2 gives crisp images for reports and slides. @default {2} */
  scale?: number;
  /** Background colour. @default {"white"} */
  background?: string;
}

/**
 * A rendered Plot chart: standalone SVG, PNG, and inline display in Jupyter (as image/png).
 *
 * Jupyter gets a PNG, not the SVG: Debian's nbconvert 6.5 HTML export sanitizes inline `image/svg+xml`
 * (every `<rect>`, `<text>` and `<path>` stripped: an empty box), and it prefers the SVG when a bundle
 * carries both. A PNG shows in JupyterLab/Notebook, VS Code, nbconvert 6.5 and 7 and GitHub's preview.
 */
export class Chart {
  /** The element Plot returned: an `<svg>`, or a `<figure>` when there is a title, legend or caption. */
  readonly element: DomNode;
  /**
   * Set when the chart has nothing to draw: the sentence a reader gets instead of empty axes (what was
   * asked, that nothing matched, and what would widen it). The report page shows it as a line of text,
   * the MCP chart tool answers it as text, a notebook shows it as text; `svg()` and `png()` draw the
   * title and this sentence, no axes.
   */
  readonly empty: string | undefined;
  #svg: string | undefined;

  /**
   * Wraps a Plot element (or its markup).
   *
   * @param element What `Plot.plot(...)` returned, or SVG/HTML markup.
   * @param empty The sentence that replaces the chart when it has nothing to draw (see {@linkcode Chart.empty}).
   */
  constructor(element: DomNode | string, empty?: string) {
    this.element = typeof element === "string" ? parseMarkup(element) : element;
    this.empty = empty;
  }

  /** The chart as ONE standalone SVG document (with xmlns), titles and legends included. */
  svg(): string {
    return this.#svg ??= elementToSvg(this.element);
  }

  /** The chart as PNG bytes. @param options Zoom and background. */
  png(options: PngOptions = {}): Uint8Array {
    return toPng(this.svg(), options);
  }

  /** Plot's original markup (HTML `<figure>` with HTML legends, or `<svg>`), e.g. for an HTML report. */
  html(): string {
    const html = this.element.outerHTML ?? "";
    return html.startsWith("<svg") ? withXmlns(html) : html;
  }

  /** The chart's title (Plot's `<h2>`), or "". */
  title(): string {
    return (Array.from(this.element.childNodes).find((n) => n.tagName?.toLowerCase() === "h2")
      ?.textContent ?? "").trim();
  }

  /**
   * Jupyter rich display: the PNG (zoom 2, base64) and a plain-text description. `show()` adds the
   * metadata that draws it at its natural size; see the class note for why not SVG.
   */
  [jupyterDisplay](): Record<string, string> {
    const title = this.title();
    if (this.empty !== undefined) {
      const esc = (t: string) => t.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
      return {
        "text/html": `<p>${title ? `<b>${esc(title)}</b>: ` : ""}${esc(this.empty)}</p>`,
        "text/plain": title ? `${title}: ${this.empty}` : this.empty,
      };
    }
    return {
      "image/png": Buffer.from(this.png()).toString("base64"),
      "text/plain": title ? `Chart: ${title}` : "Chart",
    };
  }
}

function parseMarkup(markup: string): DomNode {
  const { document } = parseHTML(`<!DOCTYPE html><html><body>${markup.trim()}</body></html>`) as unknown as {
    document: { body: { firstElementChild: DomNode | null } };
  };
  const node = document.body.firstElementChild;
  if (!node) throw new TypeError("Cannot parse chart markup: expected an <svg> or <figure> element");
  return node;
}

function elementToSvg(node: DomNode): string {
  const name = (node.tagName ?? "").toLowerCase();
  if (name === "svg") return withXmlns(node.outerHTML ?? "");
  if (name === "figure" || name === "div") return figureToSvg(node);
  throw new TypeError(`Cannot render a <${name}> element as a chart: expected <svg> or <figure>`);
}

/**
 * Builds a Plot chart with the headless DOM and wraps it in a {@linkcode Chart}.
 *
 * @param options The options of `Plot.plot` (`document` is injected).
 * @returns The chart; display it in a notebook with `await show(c)` (batch runs keep the output).
 * @example A bar chart with a title
 * ```ts
 * import * as Plot from "@observablehq/plot";
 * import { chart } from "./render.ts";
 * import assert from "node:assert/strict";
 * const c = chart({ title: "Trials per phase", marks: [Plot.barY([3, 5, 2])] });
 * assert.match(c.svg(), /Trials per phase/);
 * ```
 */
export function chart(options: PlotOptions): Chart {
  return new Chart(Plot.plot(plotOptions(options)) as unknown as DomNode);
}

/**
 * Renders a chart as one standalone SVG string (with `xmlns`), stacking the title, subtitle, legends and
 * caption of a `<figure>` above and below the plot.
 *
 * @param input A {@linkcode Chart}, a Plot element, or markup.
 * @returns The SVG document.
 * @example SVG from a bare Plot element
 * ```ts
 * import * as Plot from "@observablehq/plot";
 * import { plotOptions } from "./dom.ts";
 * import { toSvg } from "./render.ts";
 * import assert from "node:assert/strict";
 * const svg = toSvg(Plot.plot(plotOptions({ marks: [Plot.dot([[1, 2]])] })));
 * assert.match(svg, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
 * ```
 */
export function toSvg(input: ChartInput): string {
  if (input instanceof Chart) return input.svg();
  return new Chart(input).svg();
}

/**
 * Renders a chart (or an SVG string) to PNG bytes with resvg, using DejaVu Sans for sans-serif text (the
 * font ships with the toolkit's dependencies, so no system font is needed).
 *
 * @param input A {@linkcode Chart}, a Plot element, or SVG/figure markup.
 * @param options Zoom and background.
 * @returns PNG bytes.
 * @example PNG bytes start with the PNG signature
 * ```ts
 * import * as Plot from "@observablehq/plot";
 * import { chart, toPng } from "./render.ts";
 * import assert from "node:assert/strict";
 * const png = toPng(chart({ marks: [Plot.barY([1, 2])] }), { scale: 1 });
 * assert.deepEqual([...png.slice(1, 4)], [80, 78, 71]); // "PNG"
 * ```
 */
export function toPng(input: ChartInput, options: PngOptions = {}): Uint8Array {
  const svg = typeof input === "string" && /^\s*<svg\b/.test(input) ? withXmlns(input) : toSvg(input);
  const resvg = new Resvg(svg, {
    background: options.background ?? "white",
    fitTo: { mode: "zoom", value: options.scale ?? 2 },
    font: {
      fontFiles: bundledFontFiles(), // DejaVu Sans from the npm package dejavu-fonts-ttf: no system font needed
      loadSystemFonts: true, // only for glyphs DejaVu lacks
      defaultFontFamily: "DejaVu Sans",
      sansSerifFamily: "DejaVu Sans",
    },
  });
  return new Uint8Array(resvg.render().asPng());
}

/**
 * Writes a chart as a PNG file.
 *
 * @param path Destination file.
 * @param input The chart.
 * @param options Zoom and background.
 * @returns Resolves when the file is written.
 * @example Save a PNG
 * ```ts ignore
 * await savePng("out/phases.png", chart({ marks: [Plot.barY([1, 2])] }));
 * ```
 */
export async function savePng(
  path: string | URL,
  input: ChartInput,
  options: PngOptions = {},
): Promise<void> {
  await Deno.writeFile(path, toPng(input, options));
}

/**
 * Writes a chart as a standalone SVG file.
 *
 * @param path Destination file.
 * @param input The chart.
 * @returns Resolves when the file is written.
 * @example Save an SVG
 * ```ts ignore
 * await saveSvg("out/phases.svg", chart({ marks: [Plot.barY([1, 2])] }));
 * ```
 */
export async function saveSvg(path: string | URL, input: ChartInput): Promise<void> {
  await Deno.writeTextFile(path, toSvg(input));
}
