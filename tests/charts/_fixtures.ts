import * as Plot from "@observablehq/plot";
import { type Chart, chart } from "../../lib/charts/mod.ts";

const PHASES = ["Phase 1", "Phase 2", "Phase 3", "Phase 4"];

/** Deterministic demo rows: start year, enrollment, phase, sponsor. */
export function demoRows(): { year: number; enrollment: number; phase: string; sponsor: string }[] {
  return Array.from({ length: 40 }, (_, i) => ({
    year: 2010 + (i % 14),
    enrollment: 20 + ((i * 37) % 100) * 9,
    phase: PHASES[i % 4],
    sponsor: ["Acme Therapeutics", "Globex Bio", "Initech Pharma"][i % 3],
  }));
}

/** A chart with title, subtitle, caption, a continuous colour legend and an ordinal symbol legend. */
export function richChart(): Chart {
  return chart({
    title: "Enrollment by start year",
    subtitle: "Synthetic sandbox trials, coloured by enrollment",
    caption: "Source: Research Intelligence sandbox (synthetic data)",
    color: { legend: true, scheme: "viridis", label: "Enrollment" },
    symbol: { legend: true },
    x: { label: "Start year", tickFormat: "d" },
    y: { label: "Enrollment (participants)", grid: true },
    marks: [Plot.dot(demoRows(), { x: "year", y: "enrollment", fill: "enrollment", symbol: "phase", r: 5 })],
  });
}

/** A bar chart with an ordinal colour legend (HTML swatches in Plot's figure). */
export function ordinalChart(): Chart {
  return chart({
    title: "Trials per phase and sponsor",
    color: { legend: true },
    x: { label: "Phase" },
    y: { label: "Trials", grid: true },
    marks: [
      Plot.barY(demoRows(), Plot.groupX({ y: "count" }, { x: "phase", fill: "sponsor" })),
      Plot.ruleY([0]),
    ],
  });
}
