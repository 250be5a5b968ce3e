/**
 * Private: turns Plot's HTML `<figure>` (title, subtitle, legends, chart, caption) into ONE standalone SVG,
 * so PNG renderers, which ignore HTML, still show every part.
 *
 * @module
 */
import type { DomNode } from "./dom.ts";

const SVG_NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';
const FONT = "system-ui, sans-serif";
/** Average glyph advance of DejaVu Sans relative to the font size; used to estimate text widths. */
const CHAR_WIDTH = 0.62;
/** Horizontal indent of legends; with overflow="visible" it keeps centred end-tick labels inside the PNG. */
const LEGEND_X = 14;

type Part =
  | { kind: "text"; lines: string[]; size: number; weight: string; color: string; gap: number }
  | { kind: "svg"; markup: string; width: number; height: number; x: number; gap: number };

export function escapeXml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Adds the xmlns declarations a standalone SVG file needs (serializers omit them). */
export function withXmlns(svg: string): string {
  const trimmed = svg.trimStart();
  if (/^<svg\b[^>]*\sxmlns=/.test(trimmed)) return trimmed;
  return trimmed.replace(/^<svg\b/, `<svg ${SVG_NS}`);
}

export function textWidth(text: string, size: number): number {
  return [...text].length * size * CHAR_WIDTH;
}

export function wrapText(text: string, size: number, width: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (line && textWidth(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

const tag = (n: DomNode): string => (n.tagName ?? "").toLowerCase();
const children = (n: DomNode): DomNode[] => Array.from(n.childNodes);
const cls = (n: DomNode): string => n.getAttribute?.("class") ?? "";
const num = (n: DomNode, attr: string, fallback: number): number => {
  const v = Number.parseFloat(n.getAttribute?.(attr) ?? "");
  return Number.isFinite(v) ? v : fallback;
};

/** Strips the outer `<svg ...>` of a nested element so its content can be re-wrapped with new attributes. */
function nestSvg(node: DomNode, x: number, width: number, height: number, y: number): string {
  const html = node.outerHTML ?? "";
  const open = html.match(/^<svg\b[^>]*>/)?.[0] ?? "<svg>";
  const inner = html.slice(open.length).replace(/<\/svg>\s*$/, "");
  const keep = open.replace(/^<svg\b|>$/g, "").replace(/\s(x|y|width|height|style|xmlns(:\w+)?)="[^"]*"/g, "")
    .replace(/\/$/, "");
  return `<svg x="${x}" y="${y}" width="${width}" height="${height}" overflow="visible"${keep}>${inner}</svg>`;
}

/** Converts Plot's HTML swatches legend (`<span><svg/>label</span>…`) into SVG rows that wrap at `width`. */
function swatchesToSvg(div: DomNode, width: number): Part | undefined {
  const items: { swatch: DomNode; label: string }[] = [];
  for (const item of children(div)) {
    if (!cls(item).endsWith("-swatch")) continue;
    const swatch = children(item).find((c) => tag(c) === "svg");
    const label = children(item).filter((c) => tag(c) !== "svg").map((c) => c.textContent ?? "").join("")
      .trim();
    if (swatch) items.push({ swatch, label });
  }
  if (items.length === 0) return undefined;
  const size = 10, box = 15, rowHeight = 22;
  let x = LEGEND_X, y = 4;
  const out: string[] = [];
  for (const { swatch, label } of items) {
    const w = box + 6 + textWidth(label, size) + 14;
    if (x > LEGEND_X && x + w > width) {
      x = LEGEND_X;
      y += rowHeight;
    }
    out.push(nestSvg(swatch, x, box, box, y));
    out.push(
      `<text x="${x + box + 6}" y="${y + box / 2}" dy="0.35em" font-size="${size}" font-family="${FONT}" ` +
        `fill="currentColor">${escapeXml(label)}</text>`,
    );
    x += w;
  }
  const height = y + rowHeight;
  return { kind: "svg", markup: out.join(""), width, height, x: 0, gap: 4 };
}

function textPart(
  node: DomNode,
  size: number,
  weight: string,
  color: string,
  width: number,
): Part | undefined {
  const text = (node.textContent ?? "").trim();
  if (!text) return undefined;
  return {
    kind: "text",
    lines: wrapText(text, weight === "bold" ? size * 1.1 : size, width - 8),
    size,
    weight,
    color,
    gap: 4,
  };
}

/** Collects the parts of a figure in document order. */
function collect(figure: DomNode, width: number): Part[] {
  const parts: Part[] = [];
  for (const node of children(figure)) {
    const t = tag(node);
    if (node.nodeType !== 1 || t === "style") continue;
    let part: Part | undefined;
    if (t === "h2") part = textPart(node, 16, "bold", "#111", width);
    else if (t === "h3") part = textPart(node, 12.5, "normal", "#555", width);
    else if (t === "figcaption") part = textPart(node, 11, "normal", "#555", width);
    else if (t === "div" && cls(node).includes("-swatches")) part = swatchesToSvg(node, width);
    else if (t === "svg") {
      const ramp = cls(node).endsWith("-ramp");
      const x = ramp ? LEGEND_X : 0;
      const w = num(node, "width", 640), h = num(node, "height", 400);
      part = {
        kind: "svg",
        markup: nestSvg(node, x, w, h, 0),
        width: w + x,
        height: h,
        x,
        gap: ramp ? 6 : 8,
      };
    } else if (children(node).some((c) => tag(c) === "svg")) parts.push(...collect(node, width));
    else part = textPart(node, 11, "normal", "#333", width);
    if (part) parts.push(part);
  }
  return parts;
}

/** Width of the widest SVG child of a figure (the chart), or 640. */
function figureWidth(figure: DomNode): number {
  const widths = children(figure).filter((c) => tag(c) === "svg")
    .map((c) => num(c, "width", 640) + (cls(c).endsWith("-ramp") ? LEGEND_X * 2 : 0));
  return Math.max(...widths, 240);
}

/**
 * Stacks a Plot `<figure>` into one standalone SVG string: title, subtitle, legends, chart, caption.
 */
export function figureToSvg(figure: DomNode): string {
  const width = figureWidth(figure);
  const parts = collect(figure, width);
  let y = 6;
  const body: string[] = [];
  for (const part of parts) {
    if (part.kind === "text") {
      for (const line of part.lines) {
        y += part.size * 1.25;
        body.push(
          `<text x="4" y="${y.toFixed(1)}" font-size="${part.size}" font-weight="${part.weight}" ` +
            `fill="${part.color}" font-family="${FONT}">${escapeXml(line)}</text>`,
        );
      }
      y += part.gap;
    } else {
      body.push(`<g transform="translate(0,${y.toFixed(1)})">${part.markup}</g>`);
      y += part.height + part.gap;
    }
  }
  const height = Math.ceil(y);
  return `<svg ${SVG_NS} width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ` +
    `font-family="${FONT}" style="max-width:100%;height:auto;background:white">` +
    `<rect width="100%" height="100%" fill="white"/>${body.join("")}</svg>`;
}
