/**
 * Private: patents of `advance.ts`. Legal status moves ({@link evolvePatents}): a pending application is
 * granted (→ ACTIVE, median pendency about 2.5 years) or withdrawn; an active patent lapses (fees unpaid,
 * about 2.5% a year) or expires when twenty years from its application date fall in the advanced days;
 * each change updates `last_updated`. New patents are published at the rate of the year before the old
 * reference day (a Poisson count). Each is modelled on a patent of that year (same office and kind, title,
 * abstract, CPC codes, assignees and their resolution, inventors; it cites that patent), with a new
 * number in the office's format, a new family, publication in the advanced days and no citations yet.
 * The rid-keyed mirrors (`patent_cpc_rid`, `patent_assignee_rid`; `patent_anchor` through the schema's
 * trigger) and the count
 * tables (`patent_year_counts`, `patent_cpc_pairs`) are kept in step.
 *
 * @module
 */
import { isoDay } from "./prng.ts";
import {
  type AdvanceChange,
  type AdvanceCtx,
  marks,
  poisson,
  row,
  rows,
  run,
  within,
} from "./_advance_util.ts";

interface PatentRow {
  rid: number;
  patent_id: string;
  country: string;
  kind: string;
}

function newNumber(ctx: AdvanceCtx, country: string, kind: string, year: number): string {
  const { rng } = ctx;
  const granted = kind.startsWith("B");
  const digits = (n: number) => rng.chars("0123456789", n);
  for (;;) {
    const num = country === "US"
      ? (granted ? String(9_000_000 + (year - 2015) * 300_000 + rng.int(0, 299_999)) : `${year}${digits(7)}`)
      : country === "WO"
      ? `${year}${digits(6)}`
      : country === "EP"
      ? String(rng.int(2_500_000, 4_499_999))
      : digits(9);
    const id = country + num + kind;
    if (!row(ctx.db, "SELECT 1 FROM patents WHERE patent_id = ?", [id])) return id;
  }
}

/** Daily hazards of the legal-status moves (memoryless; expiry at twenty years is not a hazard). */
const HAZARD = {
  grant: 1 / (2.5 * 365),
  withdraw: 1 / (25 * 365),
  lapse: 1 / (40 * 365),
} as const;

/** `YYYYMMDD` of day number `d` shifted by `years` calendar years. */
const yearsFrom = (d: number, years: number): string => {
  const iso = isoDay(d);
  return `${Number(iso.slice(0, 4)) + years}${iso.slice(5, 7)}${iso.slice(8, 10)}`;
};

/**
 * Move the legal status of patents published by the old reference day; returns each change as
 * /api/v1/patents rows name it (`legal_status`, then `last_updated` in epoch ms).
 */
export function evolvePatents(ctx: AdvanceCtx): AdvanceChange[] {
  const { db, rng, days, from, to } = ctx;
  const until = isoDay(from).replaceAll("-", "");
  // Candidates as rids only (a store holds up to 220k patents); the moved ones are read in full below.
  const of = (status: string) =>
    rows<{ rid: number }>(
      db,
      "SELECT rid FROM patents WHERE legal_status = ? AND publication_date <= ? ORDER BY rid",
      [status, until],
    ).map((r) => r.rid);
  const pending = of("PENDING"), active = of("ACTIVE");
  const moves = new Map<number, string>();
  // Twenty years from the application date fell in (from, to]: the patent expires.
  for (
    const { rid } of rows<{ rid: number }>(
      db,
      `SELECT rid FROM patents WHERE legal_status = 'ACTIVE' AND publication_date <= ?
       AND application_date > ? AND application_date <= ? ORDER BY rid`,
      [until, yearsFrom(from, -20), yearsFrom(to, -20)],
    )
  ) moves.set(rid, "EXPIRED");
  const draw = (pool: readonly number[], perDay: number, after: string) => {
    const free = pool.filter((rid) => !moves.has(rid));
    for (const rid of rng.sample(free, poisson(rng, free.length * within(perDay, days)))) {
      moves.set(rid, after);
    }
  };
  draw(pending, HAZARD.grant, "ACTIVE");
  draw(pending, HAZARD.withdraw, "WITHDRAWN");
  draw(active, HAZARD.lapse, "LAPSED");
  const changes: AdvanceChange[] = [];
  for (const [rid, after] of [...moves].sort((a, b) => a[0] - b[0])) {
    const p = row<{ patent_id: string; legal_status: string; last_updated: number }>(
      db,
      "SELECT patent_id, legal_status, last_updated FROM patents WHERE rid = ?",
      [rid],
    )!;
    const updated = (from + rng.int(1, days)) * 86_400_000 + rng.int(0, 86_399_999);
    run(db, "UPDATE patents SET legal_status = ?, last_updated = ? WHERE rid = ?", [after, updated, rid]);
    changes.push(
      { id: p.patent_id, field: "legal_status", before: p.legal_status, after },
      { id: p.patent_id, field: "last_updated", before: p.last_updated, after: updated },
    );
  }
  return changes;
}

/** Publish new patents; returns their ids as served by /api/v1/patents. */
export function publishPatents(ctx: AdvanceCtx): string[] {
  const { db, rng, days, from } = ctx;
  const since = isoDay(from - 365).replaceAll("-", ""), until = isoDay(from).replaceAll("-", "");
  const recent = rows<PatentRow>(
    db,
    "SELECT rid, patent_id, country, kind FROM patents WHERE publication_date > ? AND publication_date <= ? ORDER BY rid",
    [since, until],
  );
  const count = recent.length ? poisson(rng, (recent.length / 365) * days) : 0;
  const added: string[] = [];
  let rid = row<{ r: number }>(db, "SELECT max(rid) AS r FROM patents")!.r;
  let family = Number(
    row<{ f: string }>(db, "SELECT max(family_id) AS f FROM patents WHERE family_id LIKE 'F%'")?.f?.slice(
      1,
    ) ?? 0,
  );
  for (let k = 0; k < count; k++) {
    const t = rng.pick(recent);
    const pub = from + rng.int(1, days);
    const pubDate = isoDay(pub).replaceAll("-", "");
    const year = Number(pubDate.slice(0, 4));
    const priority = pub - rng.int(400, 1200);
    const id = newNumber(ctx, t.country, t.kind, year);
    rid++;
    run(
      db,
      `INSERT INTO patents SELECT ?, ?, title, abstract, country, kind, ?, ?, ?, ?, ?, ?, ?, 0
       FROM patents WHERE rid = ?`,
      [
        rid,
        id,
        t.kind.startsWith("B") ? "ACTIVE" : "PENDING",
        pubDate,
        isoDay(priority).replaceAll("-", ""),
        isoDay(priority + rng.int(0, 365)).replaceAll("-", ""),
        year,
        pub * 86_400_000 + rng.int(0, 86_399_999),
        `F${String(++family).padStart(8, "0")}`,
        t.rid,
      ],
    );
    run(
      db,
      "INSERT INTO patent_inventors SELECT ?, position, name FROM patent_inventors WHERE patent_id = ?",
      [
        id,
        t.patent_id,
      ],
    );
    run(db, "INSERT INTO patent_citations VALUES (?, 0, 'patent', ?)", [id, t.patent_id]);
    run(
      db,
      `INSERT INTO patent_cpc_rid SELECT ?, position, cpc_code, cpc_subclass, prev_code, ?, ?
       FROM patent_cpc_rid WHERE patent_rid = ?`,
      [rid, year, pubDate, t.rid],
    );
    // Its trigger fills patent_anchor (every org_closure ancestor within 6 hops, as the generator does).
    run(
      db,
      `INSERT INTO patent_assignee_rid SELECT ?, position, raw_name, mention_id, direct_id, ultimate_id,
         company_key, ?, ? FROM patent_assignee_rid WHERE patent_rid = ?`,
      [rid, year, pubDate, t.rid],
    );
    count1(ctx, rid, year);
    added.push(id);
  }
  return added;
}

/** Count one new patent in `patent_year_counts` and `patent_cpc_pairs` (as the generator counts). */
function count1(ctx: AdvanceCtx, rid: number, year: number): void {
  const { db } = ctx;
  const cpc = rows<{ cpc_code: string; cpc_subclass: string; prev_code: string | null }>(
    db,
    "SELECT cpc_code, cpc_subclass, prev_code FROM patent_cpc_rid WHERE patent_rid = ?",
    [rid],
  );
  const companies = [
    ...new Set(
      rows<{ c: string }>(db, "SELECT company_key AS c FROM patent_assignee_rid WHERE patent_rid = ?", [rid])
        .map((r) => r.c),
    ),
  ];
  const subclasses = [...new Set(cpc.map((c) => c.cpc_subclass))];
  const bump = (dim: string, sc: string, co: string) =>
    run(
      db,
      `INSERT INTO patent_year_counts VALUES (${marks(5)})
       ON CONFLICT (dim, pub_year, cpc, company) DO UPDATE SET n = n + 1`,
      [dim, sc, co, year, 1],
    );
  bump("year", "", "");
  for (const sc of subclasses) bump("cpc", sc, "");
  for (const co of companies) {
    bump("company", "", co);
    for (const sc of subclasses) bump("cpc,company", sc, co);
  }
  for (const c of cpc) {
    run(
      db,
      `INSERT INTO patent_cpc_pairs VALUES (?, ?, ?, 1)
       ON CONFLICT (cpc_code, prev_code, pub_year) DO UPDATE SET n = n + 1`,
      [c.cpc_code, c.prev_code ?? "", year],
    );
  }
}
