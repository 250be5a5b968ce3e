/**
 * Label boxes of rendered charts, measured in headless Chromium: every `<text>` of a chart's SVG as the
 * browser lays it out (its box turned by its transform: rotated tick labels are quadrilaterals), and every
 * pair of texts whose boxes overlap. Used by the notebook and report tests (issue 32: "Leqvio $637M" over
 * "$340M (Veloora +1)" in notebook 06).
 *
 * @module
 */

/** Two texts of one chart whose boxes overlap. */
export interface LabelOverlap {
  /** The chart's name (its data attribute, or its index). */
  readonly chart: string;
  readonly a: string;
  readonly b: string;
  /** Overlap depth in CSS pixels (the smallest separating push). */
  readonly depth: number;
}

/**
 * Page expression: the overlapping label pairs of every chart SVG that `selector` finds (the outermost
 * SVG of each chart; texts of nested SVGs are included). Boxes are shrunk by `slack` pixels on each side,
 * so glyph boxes of adjacent lines that touch are not counted.
 */
export function labelOverlaps(selector: string, slack = 1): string {
  return `(() => {
  const quad = (t) => {
    const b = t.getBBox(), m = t.getScreenCTM();
    if (!m || b.width === 0 || b.height === 0) return null;
    const s = Math.min(${slack}, b.width / 4, b.height / 4);
    const pts = [[b.x + s, b.y + s], [b.x + b.width - s, b.y + s], [b.x + b.width - s, b.y + b.height - s],
      [b.x + s, b.y + b.height - s]];
    return pts.map(([x, y]) => [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f]);
  };
  // Separating axis test for two convex quadrilaterals; returns the overlap depth (0: apart).
  const depth = (p, q) => {
    let least = Infinity;
    for (const poly of [p, q]) {
      for (let i = 0; i < 4; i++) {
        const [x1, y1] = poly[i], [x2, y2] = poly[(i + 1) % 4];
        const len = Math.hypot(x2 - x1, y2 - y1) || 1;
        const nx = (y1 - y2) / len, ny = (x2 - x1) / len;
        const proj = (ps) => ps.map(([x, y]) => x * nx + y * ny);
        const a = proj(p), b = proj(q);
        const d = Math.min(Math.max(...a), Math.max(...b)) - Math.max(Math.min(...a), Math.min(...b));
        if (d <= 0) return 0;
        least = Math.min(least, d);
      }
    }
    return least;
  };
  const out = [];
  [...document.querySelectorAll(${JSON.stringify(selector)})].forEach((svg, i) => {
    const chart = svg.closest("[data-chart]")?.getAttribute("data-chart") ??
      svg.parentElement?.getAttribute("data-png") ?? String(i);
    const texts = [...svg.querySelectorAll("text")]
      .filter((t) => t.textContent.trim() && getComputedStyle(t).visibility !== "hidden")
      .map((t) => ({ text: t.textContent.trim(), q: quad(t) }))
      .filter((t) => t.q);
    for (let a = 0; a < texts.length; a++) {
      for (let b = a + 1; b < texts.length; b++) {
        const d = depth(texts[a].q, texts[b].q);
        if (d > 0.5) out.push({ chart, a: texts[a].text, b: texts[b].text, depth: Math.round(d * 10) / 10 });
      }
    }
  });
  return out;
})()`;
}

/** An HTML page of chart SVGs, each in a `[data-chart]` box, to measure with {@linkcode labelOverlaps}. */
export function chartsPage(charts: readonly { name: string; svg: string }[]): string {
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  return '<!doctype html><html><body style="margin:0">' +
    charts.map((c) => `<div data-chart="${esc(c.name)}">${c.svg}</div>`).join("") + "</body></html>";
}
