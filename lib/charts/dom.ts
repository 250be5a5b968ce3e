/**
 * A headless DOM for Observable Plot, built on linkedom.
 *
 * Plot needs a `document` to build its SVG/HTML. Outside a browser we hand it a linkedom document whose
 * `createElement("canvas")` returns a small stub, so continuous (ramp) legends render too: Plot paints the
 * colour ramp pixel by pixel on a canvas and reads it back with `toDataURL()`; the stub records each
 * `fillStyle` and returns an SVG strip of 1-pixel rects instead.
 *
 * @module
 */
import { parseHTML } from "linkedom";

/** The subset of a DOM node that the chart helpers read. Structural, so any DOM implementation fits. */
export interface DomNode {
  /** Upper-case tag name for elements (`"SVG"` may be lower-case in some DOMs), undefined for text. */
  readonly tagName?: string;
  /** Node type: 1 = element, 3 = text. */
  readonly nodeType: number;
  /** Serialized markup of the node and its children. */
  readonly outerHTML?: string;
  /** Concatenated text of the node and its descendants. */
  readonly textContent: string | null;
  /** Child nodes, including text nodes. */
  readonly childNodes: ArrayLike<DomNode>;
  /** Reads an attribute; null when it is absent. */
  getAttribute?(name: string): string | null;
}

/** A headless document as passed to `Plot.plot({document})`. Opaque on purpose. */
export interface HeadlessDocument {
  /** Creates an element; `"canvas"` gets the stub described in the module docs. */
  createElement(tagName: string): unknown;
}

interface CanvasStub {
  width: number;
  height: number;
  getContext(kind: string): unknown;
  toDataURL(): string;
}

function escapeAttr(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

/** Builds the canvas stub: remembers fill colours per x pixel and exports them as an SVG data URL. */
function canvasStub(base: Record<string, unknown>): CanvasStub {
  const fills = new Map<number, string>();
  const context = {
    fillStyle: "#000",
    fillRect(x: number, _y: number, w: number, _h: number): void {
      for (let i = Math.floor(x); i < Math.floor(x) + Math.max(1, Math.round(w)); i++) {
        fills.set(i, String(context.fillStyle));
      }
    },
    clearRect(): void {},
  };
  const stub = base as unknown as CanvasStub;
  stub.width = 300;
  stub.height = 150;
  stub.getContext = (kind: string) => (kind === "2d" ? context : null);
  stub.toDataURL = () => {
    const w = Math.max(1, stub.width), h = Math.max(1, stub.height);
    const rects = [...fills.entries()].sort((a, b) => a[0] - b[0]).map(([x, fill]) =>
      // width 1.5 closes hairline gaps between neighbouring pixels when the strip is stretched.
      `<rect x="${x}" y="0" width="1.5" height="${h}" fill="${escapeAttr(fill)}"/>`
    ).join("");
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" ` +
      `viewBox="0 0 ${w} ${h}" preserveAspectRatio="none">${rects}</svg>`;
    return `data:image/svg+xml;base64,${btoa(svg)}`;
  };
  return stub;
}

/**
 * Creates a fresh headless document with the canvas stub installed.
 *
 * @returns A document suitable for `Plot.plot({document})`.
 * @example Create a document and a canvas
 * ```ts
 * import { createHeadlessDocument } from "./dom.ts";
 * import assert from "node:assert/strict";
 * const doc = createHeadlessDocument();
 * const canvas = doc.createElement("canvas") as { toDataURL(): string };
 * assert.ok(canvas.toDataURL().startsWith("data:image/svg+xml;base64,"));
 * ```
 */
export function createHeadlessDocument(): HeadlessDocument {
  const win = parseHTML("<!DOCTYPE html><html><head></head><body></body></html>") as unknown as {
    document: HeadlessDocument;
  };
  const doc = win.document;
  const create = doc.createElement.bind(doc);
  doc.createElement = (tagName: string): unknown => {
    const el = create(tagName);
    return String(tagName).toLowerCase() === "canvas" ? canvasStub(el as Record<string, unknown>) : el;
  };
  return doc;
}

/** The shared headless document used by every chart helper in this module. */
export const headlessDocument: HeadlessDocument = createHeadlessDocument();

/**
 * Returns a copy of Plot options with the headless `document` injected, unless one is already set.
 *
 * @param options Options for `Plot.plot` or `Plot.legend`.
 * @returns The same options plus `document`.
 * @example Render a Plot chart headlessly
 * ```ts
 * import * as Plot from "@observablehq/plot";
 * import { plotOptions } from "./dom.ts";
 * import assert from "node:assert/strict";
 * const svg = Plot.plot(plotOptions({ marks: [Plot.barY([1, 2, 3])] }));
 * assert.match(svg.outerHTML, /^<svg/);
 * ```
 */
export function plotOptions<T extends object>(options: T): T & { document: HeadlessDocument } {
  const given = (options as { document?: HeadlessDocument }).document;
  return { ...options, document: given ?? headlessDocument };
}
