/**
 * Private: published industry likelihood-of-approval rates — the one table of reference data the pipeline
 * outlook weighs programmes by when no adequate computed benchmark is asked for — and the rules that
 * accept or refuse a computed benchmark (adequacy thresholds, the published range it is flagged outside).
 *
 * Every figure is copied from its source as published (percent, one decimal); nothing here is computed
 * from the service's data. docs/LIKELIHOOD_OF_APPROVAL.md cites each source with its counting method.
 *
 * @module
 */

/** A published source of phase-transition success rates. */
export interface PublishedSource {
  /** Short id, used in frames (`benchmark_source`). */
  readonly id: "bio-2011-2020" | "bio-2006-2015";
  /** The name a reader sees. */
  readonly name: string;
  /** Full citation. */
  readonly citation: string;
  /** How it counts. */
  readonly counting: string;
  /** Years of the phase transitions counted. */
  readonly years: string;
}

/** One row of the published table: a source's rates for one therapeutic area (percent). */
export interface PublishedRates {
  readonly source: PublishedSource["id"];
  /** `all` (every disease area) or a therapeutic area. */
  readonly area: string;
  /** Phase I → II, II → III, III → NDA/BLA, NDA/BLA → approval, and the LOA from Phase I (percent). */
  readonly p12: number;
  readonly p23: number;
  readonly p3nda: number;
  readonly pndaA: number;
  readonly loa1: number;
  /** Phase transitions counted, where the source gives it. */
  readonly n: number | null;
}

/** The sources of {@link PUBLISHED_RATES}. */
export const PUBLISHED_SOURCES: Readonly<Record<PublishedSource["id"], PublishedSource>> = {
  "bio-2011-2020": {
    id: "bio-2011-2020",
    name: "BIO/Informa/QLS 2011–2020",
    citation: "BIO, Informa Pharma Intelligence and QLS Advisors, Clinical Development Success Rates and " +
      "Contributing Factors 2011–2020 (February 2021)",
    counting: "phase-by-phase, drug × indication programmes in Biomedtracker: a transition is a " +
      "programme's movement out of a phase (advanced, or suspended); rate = advanced ÷ (advanced + " +
      "suspended); LOA = product of the four rates; 12,728 transitions of 9,704 programmes",
    years: "1 January 2011 – 30 November 2020",
  },
  "bio-2006-2015": {
    id: "bio-2006-2015",
    name: "BIO/Biomedtracker/Amplion 2006–2015",
    citation: "D. W. Thomas, J. Burns, J. Audette, A. Carroll, C. Dow-Hygelund, M. Hay: Clinical " +
      "Development Success Rates 2006–2015 (BIO, Biomedtracker, Amplion; June 2016)",
    counting: "phase-by-phase, drug × indication programmes in Biomedtracker, 9,985 phase transitions " +
      "(advanced or suspended); LOA = product of the four rates",
    years: "1 January 2006 – 31 December 2015",
  },
};

/** The published rates, by source and area (percent, as published). */
export const PUBLISHED_RATES: readonly PublishedRates[] = [
  {
    source: "bio-2011-2020",
    area: "all",
    p12: 52.0,
    p23: 28.9,
    p3nda: 57.8,
    pndaA: 90.6,
    loa1: 7.9,
    n: 12728,
  },
  {
    source: "bio-2011-2020",
    area: "oncology",
    p12: 48.8,
    p23: 24.6,
    p3nda: 47.7,
    pndaA: 92.0,
    loa1: 5.3,
    n: null,
  },
  {
    source: "bio-2006-2015",
    area: "all",
    p12: 63.2,
    p23: 30.7,
    p3nda: 58.1,
    pndaA: 85.3,
    loa1: 9.6,
    n: 9985,
  },
  {
    source: "bio-2006-2015",
    area: "oncology",
    p12: 62.8,
    p23: 24.6,
    p3nda: 40.1,
    pndaA: 82.4,
    loa1: 5.1,
    n: 3163,
  },
  {
    source: "bio-2006-2015",
    area: "non-oncology",
    p12: 63.5,
    p23: 34.3,
    p3nda: 63.7,
    pndaA: 85.9,
    loa1: 11.9,
    n: 6822,
  },
];

/**
 * The published range of the LOA from Phase 1 over therapeutic areas: BIO/Informa/QLS 2011–2020's 14
 * disease areas run from urology (3.6 %) to hematology (23.9 %). A computed LOA outside it is flagged.
 */
export const PUBLISHED_LOA_RANGE = { low: 0.036, high: 0.239, said: "3.6 % (urology) – 23.9 % (hematology)" };

/**
 * Years from the start of a phase to approval by BIO/Informa/QLS 2011–2020's mean phase durations (Phase I
 * 2.3, Phase II 3.6, Phase III 3.3, NDA/BLA review 1.3 years; 10.5 years from Phase I to approval).
 */
export const PUBLISHED_YEARS_TO_APPROVAL: Readonly<Record<1 | 2 | 3, number>> = { 1: 10.5, 2: 8.2, 3: 4.6 };

/** The default source. */
export const DEFAULT_SOURCE: PublishedSource["id"] = "bio-2011-2020";

/** Names of diseases and areas counted as oncology by the published sources (solid and blood cancers). */
const ONCOLOGY =
  /oncolog|cancer|carcinoma|tumou?r|neoplas|melanoma|glioma|glioblastoma|blastoma|sarcoma|leuka?emia|lymphoma|myeloma|mesothelioma|myelodysplastic/i;

/** The published area of one of the user's areas or diseases: `oncology`, else `all`. */
export function publishedArea(areaOrDisease: string): "oncology" | "all" {
  return ONCOLOGY.test(areaOrDisease) ? "oncology" : "all";
}

/** A published benchmark's rates from each phase (fractions). */
export interface PublishedLoa {
  readonly source: PublishedSource;
  readonly area: string;
  /** Phase → probability of approval from that phase (product of the later rates). */
  readonly loa: Readonly<Record<1 | 2 | 3, number>>;
  /** Phase → the phase's own transition rate (Phase 3: III → NDA/BLA × NDA/BLA → approval). */
  readonly rate: Readonly<Record<1 | 2 | 3, number>>;
  /** `BIO/Informa/QLS 2011–2020, oncology`. */
  readonly label: string;
}

/** The published rates of an area (falling back to all areas), from a source. */
export function publishedLoa(area: string, source: PublishedSource["id"] = DEFAULT_SOURCE): PublishedLoa {
  const want = publishedArea(area);
  const row = PUBLISHED_RATES.find((r) => r.source === source && r.area === want) ??
    PUBLISHED_RATES.find((r) => r.source === source && r.area === "all")!;
  const r3 = (row.p3nda / 100) * (row.pndaA / 100);
  const r2 = row.p23 / 100, r1 = row.p12 / 100;
  const round = (x: number) => Math.round(x * 1e6) / 1e6;
  const s = PUBLISHED_SOURCES[source];
  return {
    source: s,
    area: row.area,
    rate: { 1: round(r1), 2: round(r2), 3: round(r3) },
    loa: { 1: round(r1 * r2 * r3), 2: round(r2 * r3), 3: round(r3) },
    label: `${s.name}, ${row.area === "all" ? "all areas" : row.area}`,
  };
}

/** The published range of each transition over the table's rows (fractions), for flags. */
export function publishedRange(from: 1 | 2 | 3): { low: number; high: number } {
  const xs = PUBLISHED_RATES.map((r) =>
    from === 1 ? r.p12 / 100 : from === 2 ? r.p23 / 100 : (r.p3nda / 100) * (r.pndaA / 100)
  );
  return { low: Math.min(...xs), high: Math.max(...xs) };
}

/**
 * A computed benchmark is adequate when, at every phase transition, at least this many programmes were
 * judged (advanced or failed) and at least this many failed and advanced.
 */
export const ADEQUATE = { judged: 20, failed: 3, advanced: 3 } as const;

/** One transition's counts, as the `transitions` frame gives them. */
export interface JudgedCounts {
  readonly from: 1 | 2 | 3;
  readonly advanced: number;
  readonly failed: number;
  readonly rate: number | null;
}

/**
 * Whether a computed benchmark may be used: the reasons it may not (empty when adequate) and the flags it
 * carries (outside the published range). `programmes` counts the programmes in the window judged
 * (approved or failed) and failed.
 */
export function judgeComputed(
  counts: readonly JudgedCounts[],
  loa1: number | null,
  programmes: { readonly judged: number; readonly failed: number },
): { refused: string[]; flags: string[] } {
  const refused: string[] = [];
  const flags: string[] = [];
  const failed = programmes.failed;
  if (failed === 0) refused.push(`${programmes.judged} programmes judged, none failed`);
  for (const c of counts) {
    const n = c.advanced + c.failed;
    const what = `Phase ${c.from} → ${c.from === 3 ? "approval" : `Phase ${c.from + 1}`}`;
    if (n < ADEQUATE.judged) refused.push(`${what}: ${n} judged (fewer than ${ADEQUATE.judged})`);
    else if (failed > 0 && c.failed < ADEQUATE.failed) {
      refused.push(`${what}: ${c.failed} failed (fewer than ${ADEQUATE.failed})`);
    } else if (c.advanced < ADEQUATE.advanced) {
      refused.push(`${what}: ${c.advanced} advanced (fewer than ${ADEQUATE.advanced})`);
    }
    const range = publishedRange(c.from);
    if (c.rate !== null && (c.rate < range.low || c.rate > range.high)) {
      flags.push(
        `${what} ${pct(c.rate)} is outside the published ${pct(range.low)}–${pct(range.high)}`,
      );
    }
  }
  if (loa1 !== null && (loa1 < PUBLISHED_LOA_RANGE.low || loa1 > PUBLISHED_LOA_RANGE.high)) {
    flags.push(`LOA from Phase 1 ${pct(loa1)} is outside the published ${PUBLISHED_LOA_RANGE.said}`);
  }
  return { refused, flags };
}

/** A fraction as a percent with one decimal. */
export function pct(x: number): string {
  return `${(Math.round(x * 1000) / 10).toFixed(1)} %`;
}
