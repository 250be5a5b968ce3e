import assert from "node:assert/strict";
import pl from "nodejs-polars";
import { targetPrioritizationChart } from "../../lib/charts/mod.ts";
import { assertRenders, count } from "./_assert_chart.ts";
import { textWidth } from "../../lib/charts/_compose.ts";

// Twelve targets, several crowded around the same point so labels must give way.
const n = 12;
const targets = pl.DataFrame({
  rank: Array.from({ length: n }, (_, i) => i + 1),
  symbol: Array.from({ length: n }, (_, i) => `TGT${i + 1}`),
  association_score: Array.from({ length: n }, (_, i) => (i < 6 ? 0.8 + i * 0.005 : 0.1 + i * 0.05)),
  novelty_score: Array.from({ length: n }, (_, i) => (i < 6 ? 0.5 + i * 0.005 : 0.9 - i * 0.05)),
  composite: Array.from({ length: n }, (_, i) => 1 - i * 0.2),
  white_space: Array.from({ length: n }, (_, i) => i === 1 || i === 7),
  trials_in_disease: Array.from({ length: n }, (_, i) => i * 3),
});

Deno.test("targetPrioritizationChart() highlights white space and labels as percent axes", () => {
  const svg = assertRenders(targetPrioritizationChart(targets, { disease: "asthma" }), [
    "Target prioritization",
    "12 targets for asthma; 2 white-space targets",
    "White space (no approved drug)",
    "Association score with the disease (%)",
    "Novelty score (%)",
    "white-space threshold 50%",
    "#1 TGT1",
    ">80%<",
  ]);
  assert.equal(count(svg, /<circle/), n + 3, "one dot per target, and three in the size legend");
  assert.ok(svg.includes("Dot size: trials in the disease"), "a size legend");
  for (const v of [3, 13, 33]) assert.ok(svg.includes(`>${v}<`), `size legend value ${v}`);
});

Deno.test("targetPrioritizationChart() lists only the groups drawn in its legend", () => {
  const none = targets.withColumns(pl.lit(false).alias("white_space"));
  const svg = targetPrioritizationChart(none).svg();
  assert.ok(
    !svg.includes("White space (no approved drug)"),
    "no white-space swatch without a white-space dot",
  );
  assert.ok(svg.includes("Has an approved drug"));
});

type Dot = { cx: number; cy: number; r: number };
type Box = [number, number, number, number];

/** The plot's dots, leader lines and rank labels (with their boxes) as drawn in the SVG. */
function drawn(figure: string) {
  const svg = figure.slice(figure.lastIndexOf("<svg")); // the plot is the figure's last panel
  const num = (s: string) => Number(s);
  const groups = (
    label: string,
  ) => [...svg.matchAll(new RegExp(`<g([^>]*)aria-label="${label}"[^>]*>(.*?)</g>`, "gs"))];
  const dots: Dot[] = groups("dot").flatMap((g) =>
    [...g[2].matchAll(/<circle([^>]*)>/g)].map((c) => {
      const a = (k: string) => num(new RegExp(`\\b${k}="([-\\d.e]+)"`).exec(c[1])![1]);
      return { cx: a("cx"), cy: a("cy"), r: a("r") };
    })
  );
  const leaders = groups("link").flatMap((g) =>
    [...g[2].matchAll(/d="M([-\d.e]+),([-\d.e]+)L([-\d.e]+),([-\d.e]+)"/g)].map((m) => m.slice(1, 5).map(num))
  );
  const labels = groups("text").flatMap((g) => {
    const shift = /transform="translate\(([-\d.e]+),([-\d.e]+)\)"/.exec(g[1]);
    const [dx, dy] = shift ? [num(shift[1]), num(shift[2])] : [0, 0];
    const anchor = /text-anchor="(start|end)"/.exec(g[1])?.[1] ?? "middle";
    return [...g[2].matchAll(/<text transform="translate\(([-\d.e]+),([-\d.e]+)\)"[^>]*>(#(\d+)[^<]*)</g)]
      .map((t) => {
        const x = num(t[1]) + dx, y = num(t[2]) + dy, w = textWidth(t[3], 10), h = 12;
        const box: Box = [anchor === "start" ? x : anchor === "end" ? x - w : x - w / 2, y - h / 2, w, h];
        return { rank: num(t[4]), at: [num(t[1]), num(t[2])], box };
      });
  });
  return { dots, leaders, labels };
}

/** Distance from a box to a dot's edge (≤ 0: the label covers the dot). */
const gap = ([x, y, w, h]: Box, d: Dot) =>
  Math.hypot(d.cx - Math.max(x, Math.min(d.cx, x + w)), d.cy - Math.max(y, Math.min(d.cy, y + h))) - d.r;
const onBox = ([x, y, w, h]: Box, px: number, py: number) =>
  px >= x - 0.5 && px <= x + w + 0.5 && py >= y - 0.5 && py <= y + h + 0.5;

/** Every label sits at its own dot (nearest to it, or joined to it by a leader), and ranks 1…k are labelled. */
function assertLabelsAttached(svg: string, rows: number): number {
  const { dots, leaders, labels } = drawn(svg);
  assert.equal(dots.length, rows, "one dot per target");
  for (const l of labels) {
    const own = dots.filter((d) => Math.abs(d.cx - l.at[0]) < 1e-6 && Math.abs(d.cy - l.at[1]) < 1e-6);
    assert.equal(own.length, 1, `#${l.rank}: its text is anchored at its own dot`);
    const mine = own[0];
    for (const d of dots) assert.ok(gap(l.box, d) > 0, `#${l.rank} covers a dot at ${d.cx},${d.cy}`);
    const leader = leaders.find(([x1, y1, x2, y2]) =>
      Math.abs(Math.hypot(x1 - mine.cx, y1 - mine.cy) - mine.r) < 0.5 && onBox(l.box, x2, y2)
    );
    if (leader) continue;
    const nearest = Math.min(...dots.filter((d) => d !== mine).map((d) => gap(l.box, d)));
    assert.ok(
      gap(l.box, mine) < nearest,
      `#${l.rank}: its own dot is ${gap(l.box, mine).toFixed(1)} px away, a neighbour's ${
        nearest.toFixed(1)
      } px`,
    );
  }
  const ranks = labels.map((l) => l.rank).sort((a, b) => a - b);
  assert.deepEqual(ranks, ranks.map((_, i) => i + 1), "the best ranks are labelled first");
  return ranks.length;
}

Deno.test("targetPrioritizationChart() labels each dot beside itself, best ranks first, when dots crowd", () => {
  const svg = targetPrioritizationChart(targets).svg();
  const k = assertLabelsAttached(svg, n);
  assert.ok(k >= 10, `${k} of ${n} labelled`);
  assert.match(svg, new RegExp(`the ${k} best-ranked of ${n} targets`));
  assertLabelsAttached(targetPrioritizationChart(targets, { y: "composite" }).svg(), n);
});

Deno.test("targetPrioritizationChart() never sets a label where a neighbour's dot is nearer than its own", () => {
  // Target #2's dot sits 4 px above the spot right of #1's dot: a label there would read as #2's.
  const trap = pl.DataFrame({
    rank: [1, 2],
    symbol: ["AAA", "BBB"],
    association_score: [0.5, (395 - 56) / 640],
    novelty_score: [0.5, (416 - 212) / 380],
    composite: [0.6, 0.5],
    white_space: [false, false],
    trials_in_disease: [0, 0],
  });
  assert.equal(assertLabelsAttached(targetPrioritizationChart(trap).svg(), 2), 2);
});

Deno.test("targetPrioritizationChart() can plot the composite score", () => {
  assert.match(
    targetPrioritizationChart(targets, { y: "composite" }).svg(),
    /Composite score \(0–1\)/,
  );
});

Deno.test("targetPrioritizationChart() draws the composite on its fixed 0–1 scale", () => {
  const inRange = targets.withColumns(pl.col("rank").cast(pl.Float64).mul(-0.05).add(0.9).alias("composite"));
  const svg = targetPrioritizationChart(inRange, { y: "composite" }).svg();
  assert.ok(svg.includes(">1.0<") && svg.includes(">0.0<"), "ticks from 0 to 1");
  assert.ok(!svg.includes(">\u22120.1<"), "no negative ticks when no score is negative");
  assert.match(svg, /association ≥ 50%/);
});
