/**
 * Patent handlers over a hand-built fixture store (exact ground truth), validated like the HTTP
 * pipeline validates them; responses must parse with the catalogue's schemas.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { SCHEMA_DDL } from "../../lib/sandbox/store/schema.ts";
import { handlers } from "../../lib/sandbox/handlers/patents.ts";
import { invoke } from "./_invoke.ts";
import { SandboxError } from "../../lib/sandbox/handler.ts";
import * as P from "../../lib/client/schemas/patents.ts";
import { count, get, rows, withSandbox } from "./_helpers.ts";
import { createClient, ENDPOINTS } from "../../lib/client/mod.ts";
import { patentTrends } from "../../lib/analyses/mod.ts";
import { prepare } from "../../lib/client/guards.ts";

const PFZ_LEI = "PFZ00000000000000001";
const ORGS: (string | number | null)[][] = [
  ["pfizer", "Pfizer", "GLOBAL PARENT", 1, "0abcde123", PFZ_LEI, "pfizer", 0, null],
  ["wyeth", "Wyeth LLC", "GLOBAL PARENT", 1, "0wyeth012", "WYE00000000000000002", "pfizer", 1, null],
  ["m-pfizer", "PFIZER INC", "UNRESOLVED", 0, null, null, "pfizer", 1, "pfizer"],
  ["acme", "Acme Bio", "GLOBAL PARENT", 1, "0acme0034", "ACM00000000000000003", "acme", 0, null],
  ["m-smith", "Dr Smith Lab", "UNRESOLVED", 0, null, null, null, 1, null],
];
const CLOSURE = [
  ["pfizer", "pfizer", 0],
  ["pfizer", "wyeth", 1],
  ["pfizer", "m-pfizer", 1],
  ["wyeth", "wyeth", 0],
  [
    "acme",
    "acme",
    0,
  ],
  ["m-pfizer", "m-pfizer", 0],
  ["m-smith", "m-smith", 0],
];
const CPC = [["A61K31/517", "Heterocyclic compounds"], ["A61K39/395", "Antibodies"], [
  "C07D401/12",
  "Heterocyclic ring systems",
], ["A61P35/00", "Antineoplastic agents"]];
type Asg = [raw: string, mention: string | null, direct: string | null, ultimate: string | null];
const PF: Asg = ["PFIZER INC", "m-pfizer", "pfizer", "pfizer"];
const PF2: Asg = ["Pfizer Inc.", null, "pfizer", "pfizer"];
const WY: Asg = ["Wyeth LLC", null, "wyeth", "pfizer"];
const AC: Asg = ["Acme Bio", null, "acme", "acme"];
const SM: Asg = ["Dr Smith Lab", "m-smith", null, null];

/** A fixture store: 6 named patents plus bulk rows for growth (Acme C07D 55→44, Pfizer A61K 10→20). */
function fixture(): DatabaseSync {
  const db = new DatabaseSync(":memory:");
  db.exec(SCHEMA_DDL);
  const org = db.prepare("INSERT INTO organizations VALUES (?,?,?,?,?,?,?,?,?,0,?,?,?,1,0)");
  for (const [k, name, level, ent, ror, lei, top, depth, to] of ORGS) {
    org.run(
      `organizations/${k}`,
      k,
      name,
      level,
      ent,
      ror,
      lei,
      ent ? "company" : "mention",
      "US",
      top && `organizations/${top}`,
      depth,
      to && `organizations/${to}`,
    );
  }
  const cl = db.prepare("INSERT INTO org_closure VALUES (?,?,?)");
  for (const [a, d, h] of CLOSURE) cl.run(`organizations/${a}`, `organizations/${d}`, h);
  for (const [c, d] of CPC) db.prepare("INSERT INTO cpc_codes VALUES (?,?)").run(c, d);
  let rid = 0;
  const add = (
    id: string,
    title: string,
    date: string,
    country: string,
    status: string,
    asg: Asg[],
    cpc: string[],
    family = id,
  ) => {
    db.prepare("INSERT INTO patents VALUES (?,?,?,?,?,'B2',?,?,?,?,?,?,?,?)").run(
      ++rid,
      id,
      title,
      `Abstract of ${title}`,
      country,
      status,
      date,
      "20200101",
      "20200601",
      Number(date.slice(0, 4)),
      1_700_000_000_000 + rid,
      family,
      rid % 7,
    );
    asg.forEach(([raw, m, d, u], i) =>
      db.prepare("INSERT INTO patent_assignees VALUES (?,?,?,?,?,?)").run(
        id,
        i,
        raw,
        m && `organizations/${m}`,
        d && `organizations/${d}`,
        u && `organizations/${u}`,
      )
    );
    cpc.forEach((c, i) => db.prepare("INSERT INTO patent_cpc VALUES (?,?,?,?)").run(id, i, c, c.slice(0, 4)));
  };
  add("US0000001B2", "Kinase inhibitor", "20240301", "US", "ACTIVE", [PF], ["A61K31/517", "A61P35/00"], "F1");
  add("EP0000002B1", "Antibody formulation", "20250510", "EP", "PENDING", [WY], ["A61K39/395"], "F1");
  add("US0000003B2", "Acme compound", "20250115", "US", "ACTIVE", [AC], ["C07D401/12", "A61K31/517"]);
  add("WO2024000004A1", "Diagnostic method", "20240720", "WO", "PENDING", [SM], ["A61P35/00"]);
  add("US0000005B2", "Old patent", "20190202", "US", "EXPIRED", [PF], ["A61K31/517"]);
  add("CN0000006A", "Joint filing", "20260202", "CN", "ACTIVE", [PF, AC], ["A61K39/395"]);
  for (let i = 0; i < 55; i++) {
    add(`US91${i}B2`, `Bulk acme ${i}`, "20240610", "US", "ACTIVE", [AC], ["C07D401/12"]);
  }
  for (let i = 0; i < 44; i++) {
    add(`US92${i}B2`, `Bulk acme ${i}`, "20250610", "US", "ACTIVE", [AC], ["C07D401/12"]);
  }
  for (let i = 0; i < 10; i++) {
    add(`US93${i}B2`, `Bulk pfizer ${i}`, "20240910", "US", "ACTIVE", [PF2], ["A61K31/517"]);
  }
  for (let i = 0; i < 20; i++) {
    add(`US94${i}B2`, `Bulk pfizer ${i}`, "20250910", "US", "ACTIVE", [PF2], ["A61K31/517"]);
  }
  db.prepare("INSERT INTO patent_citations VALUES ('US0000001B2', 0, 'patent', 'US0000005B2')").run();
  db.prepare("INSERT INTO patent_citations VALUES ('US0000001B2', 1, 'npl', 'Smith J. Nature 2020')").run();
  db.prepare("INSERT INTO patent_inventors VALUES ('US0000001B2', 0, 'Ada Lovelace')").run();
  return db;
}

const db = fixture();
const ALL = 6 + 55 + 44 + 10 + 20;
const search = (query: Record<string, string>) =>
  P.PatentSearchResponse.parse(
    invoke(db, handlers, "patents.search", { query: { include_total: "true", ...query } }),
  );
const ids = (q: Record<string, string>) => search({ limit: "100", ...q }).data.map((r) => r.patent_id);
const err400 = (
  name: "patents.search" | "patents.aggregate" | "patents.yoyGrowth",
  query: Record<string, string>,
) => {
  try {
    invoke(db, handlers, name, { query });
  } catch (e) {
    assert.ok(e instanceof SandboxError);
    assert.equal(e.status, 400);
    return e;
  }
  assert.fail("expected a 400");
};

Deno.test("patents.search gives the exact total only with include_total=true", () => {
  assert.equal(search({}).meta.total, ALL);
  const body = P.PatentSearchResponse.parse(invoke(db, handlers, "patents.search", {}));
  assert.equal(body.meta.total, null);
  assert.equal(body.data.length, 20);
});

Deno.test("patents.search rows carry YYYYMMDD dates, epoch-ms last_updated, raw assignees and CPC codes", () => {
  const row = search({ company_id: "ror:0abcde123", country: "cn" }).data
    .find((r) => r.patent_id === "CN0000006A");
  assert.deepEqual(row?.assignees, ["PFIZER INC", "Acme Bio"]);
  assert.deepEqual(row?.cpc_codes, ["A61K39/395"]);
  assert.equal(row?.publication_date, "20260202");
  assert.equal(typeof row?.last_updated, "number");
});

Deno.test("patents.search answers the organization's own patents, not a subsidiary's filed under its own name; the aggregate's cluster is the family", () => {
  const own = ids({ company_id: "organizations/pfizer" });
  assert.equal(own.length, 3 + 30, "Pfizer's own: as PFIZER INC or resolved to Pfizer");
  assert.ok(!own.includes("EP0000002B1"), "Wyeth LLC (Pfizer's child) files under its own name");
  for (const v of ["ror:0abcde123", `lei:${PFZ_LEI.toLowerCase()}`, PFZ_LEI, "0abcde123"]) {
    assert.deepEqual(ids({ company_id: v }), own, v);
  }
  assert.deepEqual(ids({ company_name: "pfizer" }), own);
  assert.equal(search({ company_name: "Pfizer" }).meta.total, 33);
  assert.deepEqual(ids({ company_id: "organizations/wyeth" }), ["EP0000002B1"]);
  assert.equal(search({ company_name: "Wyeth LLC" }).meta.total, 1);
  // The family view stays where the spec offers it: the aggregate's cluster (Pfizer, Wyeth, the mention).
  const agg = P.AggregateResponse.parse(invoke(db, handlers, "patents.aggregate", {
    query: { company_name: "Pfizer", publication_date_from: "2019-01-01", publication_date_to: "2026-12-31" },
  }));
  assert.equal((agg.buckets ?? agg.data ?? []).reduce((n, b) => n + b.count, 0), 34, "33 own + Wyeth's");
  assert.equal(agg.meta.filters.company_cluster_size, 3);
});

Deno.test("patents.search raw assignee strings match exactly and company_id beats company_name", () => {
  assert.deepEqual(ids({ company_id: "PFIZER INC" }).sort(), ["CN0000006A", "US0000001B2", "US0000005B2"]);
  assert.deepEqual(ids({ company_id: "organizations/m-smith", company_name: "Pfizer" }), ["WO2024000004A1"]);
});

Deno.test("patents.search answers 400 naming an unresolved company value; hostile strings are inert", () => {
  let e = err400("patents.search", { company_id: "Nonexistent Corp" });
  assert.equal(e.parameter, "company_id");
  assert.match(e.message, /Nonexistent Corp/);
  e = err400("patents.search", { company_name: "x' OR 1=1 --" });
  assert.equal(e.parameter, "company_name");
  err400("patents.search", { company_id: "organizations/%" });
});

Deno.test("patents.search expands a CPC prefix unless include_descendants=false; unknown prefix → 400", () => {
  assert.equal(ids({ cpc_code: "a61k31" }).length, 3 + 30);
  assert.deepEqual(ids({ cpc_code: "A61K31", include_descendants: "false" }), []);
  assert.equal(ids({ cpc_code: "A61K31/517", include_descendants: "false" }).length, 33);
  for (const bad of ["Z99", "%", "A61K%", "_61K"]) {
    assert.equal(err400("patents.search", { cpc_code: bad }).parameter, "cpc_code");
  }
});

Deno.test("patents.search filters dates, country (any case) and legal status (any case)", () => {
  const y2025 = ids({ publication_date_from: "2025-01-01", publication_date_to: "2025-12-31" });
  assert.equal(y2025.length, 2 + 44 + 20);
  assert.deepEqual(ids({ country: "ep" }), ["EP0000002B1"]);
  assert.deepEqual(ids({ legal_status: "expired" }), ["US0000005B2"]);
  assert.deepEqual(ids({ legal_status: "pending", country: "Wo" }), ["WO2024000004A1"]);
});

Deno.test("patents.search sorts by title and answers an empty page past the end", () => {
  const titles = search({ sort: "title", order: "asc", limit: "5" }).data.map((r) => r.title);
  assert.deepEqual(titles, [...titles].sort());
  const past = search({ page: "99", limit: "100" });
  assert.deepEqual(past.data, []);
  assert.equal(past.meta.total, ALL);
});

Deno.test("patents.get returns the full record; unknown id → 404", () => {
  const rec =
    P.PatentRecordResponse.parse(invoke(db, handlers, "patents.get", { path: { patentId: "US0000001B2" } }))
      .data;
  assert.deepEqual(rec.classifications[0], { code: "A61K31/517", description: "Heterocyclic compounds" });
  assert.deepEqual(rec.family_members, ["EP0000002B1"]);
  assert.deepEqual(rec.citations, { patent: ["US0000005B2"], non_patent: ["Smith J. Nature 2020"] });
  assert.equal(rec.citation_counts!.cites, 1);
  assert.deepEqual(rec.inventors, ["Ada Lovelace"]);
  const ra = rec.resolved_assignees[0];
  assert.equal(ra.organization_id, ra.mention_id);
  assert.equal(ra.direct_id, "organizations/pfizer");
  assert.throws(() => invoke(db, handlers, "patents.get", { path: { patentId: "US404" } }), { status: 404 });
});

Deno.test("patents.get: a number as people write it reaches the one patent it names; else the 404 says the forms", () => {
  const get = (patentId: string) =>
    P.PatentRecordResponse.parse(invoke(db, handlers, "patents.get", { path: { patentId } })).data.patent_id;
  for (
    const written of ["US0000003B2", "0000003", "US0000003", "us 0,000,003 b2", "US 0000003", "US-0000003-B2"]
  ) {
    assert.equal(get(written), "US0000003B2", written);
  }
  assert.equal(get("2024000004"), "WO2024000004A1", "without a country: the one authority that has it");
  assert.equal(get("WO 2024/000004 A1"), "WO2024000004A1");
  assert.equal(get("us9154"), "US9154B2", "US9154B2, not US91540…");
  // An EP A1 and its B1 share a number: the number alone names neither.
  const two = fixture();
  two.prepare(
    "INSERT INTO patents SELECT 9999, 'EP0000002A1', title, abstract, country, 'A1', legal_status, " +
      "publication_date, priority_date, application_date, pub_year, last_updated, family_id, cited_by_count " +
      "FROM patents WHERE patent_id = 'EP0000002B1'",
  ).run();
  assert.throws(
    () => invoke(two, handlers, "patents.get", { path: { patentId: "EP 0000002" } }),
    (e: SandboxError) => {
      assert.equal(e.status, 404);
      assert.match(e.message, /'EP 0000002' names 2 patents \(EP0000002A1, EP0000002B1\); give one of them/);
      return true;
    },
  );
  assert.equal(
    P.PatentRecordResponse.parse(
      invoke(two, handlers, "patents.get", { path: { patentId: "ep 0000002 b1" } }),
    ).data
      .patent_id,
    "EP0000002B1",
  );
  for (const unknown of ["US0000003A1", "12409631", "not a number"]) {
    assert.throws(
      () => invoke(db, handlers, "patents.get", { path: { patentId: unknown } }),
      (e: SandboxError) => {
        assert.equal(e.status, 404);
        assert.match(e.message, /accepted: a search row's patent_id \(US12409631B2\), .*US 12,409,631 B2/);
        return true;
      },
    );
  }
});

Deno.test("patents.aggregate counts by year in the default 3-year window; total_buckets counts buckets", () => {
  const body = P.AggregateResponse.parse(invoke(db, handlers, "patents.aggregate", {}));
  assert.deepEqual(body.buckets, [
    { year: 2024, count: 1 + 1 + 55 + 10 },
    { year: 2025, count: 2 + 44 + 20 },
    {
      year: 2026,
      count: 1,
    },
  ]);
  assert.equal(body.meta.total_buckets, 3);
  assert.deepEqual(body.meta.filters, { company_id_resolved: null, company_cluster_size: 0 });
});

Deno.test("patents.aggregate groups by combinations, echoes the company anchor, caps and sorts", () => {
  const body = P.AggregateResponse.parse(invoke(db, handlers, "patents.aggregate", {
    query: { group_by: "year,cpc", company_id: PFZ_LEI, sort_by_count: "asc" },
  }));
  assert.deepEqual(body.meta.filters, {
    company_id_resolved: "organizations/pfizer",
    company_cluster_size: 3,
  });
  assert.deepEqual(body.buckets?.[0], { year: 2024, cpc: "A61P", count: 1 });
  assert.ok(body.buckets?.every((b, i, a) => i === 0 || a[i - 1].count <= b.count));
  const one = P.AggregateResponse.parse(
    invoke(db, handlers, "patents.aggregate", { query: { group_by: "company", limit: "1" } }),
  );
  assert.deepEqual(one.buckets, [{ company: "organizations/acme", company_name: "Acme Bio", count: 101 }]);
  assert.equal(one.meta.total_buckets, 1);
  assert.equal(err400("patents.aggregate", { country: "US" }).parameter, "country");
  assert.equal(err400("patents.aggregate", { cpc_code: "Q" }).parameter, "cpc_code");
});

Deno.test("patents.yoyGrowth reports change and percent as a fraction, hiding small groups", () => {
  const body = P.YoyGrowthResponse.parse(
    invoke(db, handlers, "patents.yoyGrowth", { query: { dimension: "cpc" } }),
  );
  assert.deepEqual(body.data, [{
    cpc_code: "C07D",
    oldCount: 55,
    newCount: 45,
    change: -10,
    percent: -0.1818,
  }]);
  const all = P.YoyGrowthResponse.parse(invoke(db, handlers, "patents.yoyGrowth", {
    query: { dimension: "cpc", min_old_count: "0" },
  }));
  assert.deepEqual(all.data.map((r) => [r.cpc_code, r.change, r.percent]), [
    ["A61K", 11, 1],
    ["A61P", -2, -1],
    [
      "C07D",
      -10,
      -0.1818,
    ],
  ]);
  const pct = P.YoyGrowthResponse.parse(invoke(db, handlers, "patents.yoyGrowth", {
    query: { dimension: "company", min_old_count: "1", sort: "percent_desc", limit: "2" },
  }));
  assert.deepEqual(pct.data.map((r) => [r.company_id, r.oldCount, r.newCount]), [[
    "organizations/pfizer",
    11,
    21,
  ], [
    "organizations/acme",
    55,
    45,
  ]]);
  assert.deepEqual(pct.meta.filters, { company_id_resolved: null, company_cluster_size: 0 });
});

Deno.test("patents endpoints over HTTP against the generated store", async (t) => {
  await withSandbox(async (sb) => {
    const n = (sql: string, ...args: string[]) => count(sb, sql, ...args);
    await t.step("Free tier → 402 on every patent endpoint", async () => {
      for (
        const p of [
          "/api/v1/patents",
          "/api/v1/patents/aggregate",
          "/api/v1/patents/yoy-growth?dimension=cpc",
        ]
      ) {
        assert.equal((await get(sb, p, {}, "free")).status, 402, p);
      }
    });
    await t.step(
      "search totals match independent SQL: own patents; the aggregate's cluster is the family",
      async () => {
        const all = await get(sb, "/api/v1/patents", { include_total: true }, "pro");
        assert.equal(
          P.PatentSearchResponse.parse(all.body).meta.total,
          n("SELECT count(*) AS n FROM patents"),
        );
        // A parent whose children file patents under their own names.
        const parent = rows<{ id: string; name: string }>(
          sb,
          `SELECT o.id, o.name FROM organizations o JOIN org_parent c ON c.parent_id = o.id
         JOIN patent_assignees pa ON pa.direct_id = c.child_id
         WHERE EXISTS (SELECT 1 FROM patent_assignees x WHERE x.direct_id = o.id)
         GROUP BY o.id ORDER BY count(*) DESC, o.id LIMIT 1`,
        )[0];
        assert.ok(parent, "the generated store has a parent whose child files patents");
        const own = n(
          "SELECT count(DISTINCT patent_id) AS n FROM patent_assignees WHERE direct_id = ?1 OR mention_id = ?1",
          parent.id,
        );
        const family = n(
          `SELECT count(DISTINCT patent_id) AS n FROM patent_assignees WHERE direct_id IN (SELECT descendant_id
         FROM org_closure WHERE ancestor_id = ?1 AND hops <= 6) OR ultimate_id = ?1 OR mention_id IN
         (SELECT descendant_id FROM org_closure WHERE ancestor_id = ?1 AND hops <= 6)`,
          parent.id,
        );
        assert.ok(own > 0 && family > own, `${parent.name}: own ${own}, family ${family}`);
        for (
          const q of [{ company_id: parent.id }, { company_name: parent.name }] as Record<string, string>[]
        ) {
          const r = await get(sb, "/api/v1/patents", { include_total: true, ...q }, "pro");
          assert.equal(r.body.meta.total, own, JSON.stringify(q));
        }
        const agg = await get(sb, "/api/v1/patents/aggregate", {
          company_id: parent.id,
          publication_date_from: "1900-01-01",
          publication_date_to: "2100-12-31",
          limit: 500,
        }, "pro");
        const buckets = P.AggregateResponse.parse(agg.body);
        assert.equal((buckets.buckets ?? buckets.data ?? []).reduce((s, b) => s + b.count, 0), family);
        // patentTrends: the family (default, the aggregate's cluster) or the organization's own, as labelled.
        const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
        const byYear = (sql: string) =>
          Object.fromEntries(
            rows<{ y: number; n: number }>(sb, sql.replaceAll("?1", `'${parent.id}'`)).map((r) => [r.y, r.n]),
          );
        const ownSql = byYear(
          `SELECT p.pub_year AS y, count(DISTINCT p.patent_id) AS n FROM patents p JOIN patent_assignees pa
           ON pa.patent_id = p.patent_id WHERE (pa.direct_id = ?1 OR pa.mention_id = ?1)
           AND p.pub_year BETWEEN 2018 AND 2026 GROUP BY p.pub_year`,
        );
        const famSql = byYear(
          `SELECT a.pub_year AS y, count(*) AS n FROM patent_anchor a WHERE a.anchor_id = ?1
           AND a.pub_year BETWEEN 2018 AND 2026 GROUP BY a.pub_year`,
        );
        const trend = async (companyView?: "own" | "family") => {
          const t = await patentTrends(ri, {
            company_id: parent.id,
            from: 2018,
            to: 2026,
            ...(companyView ? { companyView } : {}),
          });
          const rec = t.byYear.toRecords() as { year: number; patents: number }[];
          return {
            counts: Object.fromEntries(rec.filter((r) => r.patents).map((r) => [r.year, r.patents])),
            t,
          };
        };
        const fam = await trend(), mine = await trend("own");
        assert.deepEqual(fam.counts, famSql);
        assert.deepEqual(mine.counts, ownSql);
        const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);
        assert.ok(sum(famSql) > sum(ownSql), `family ${sum(famSql)} > own ${sum(ownSql)} in 2018–2026`);
        assert.match(fam.t.definitions?.companyView ?? "", /^family: .*corporate family/);
        assert.match(mine.t.definitions?.companyView ?? "", /^own: .*own filings/);
      },
    );
    await t.step("unresolved company or CPC → 400 naming the value", async () => {
      const a = await get(sb, "/api/v1/patents", { company_id: "No Such Company Ltd" }, "pro");
      assert.equal(a.status, 400);
      assert.equal(a.body.error.parameter, "company_id");
      assert.match(a.body.error.message, /No Such Company Ltd/);
      const b = await get(sb, "/api/v1/patents/aggregate", { cpc_code: "Z99Q" }, "pro");
      assert.equal(b.body.error.parameter, "cpc_code");
      assert.equal(
        (await get(sb, "/api/v1/patents/aggregate", { legal_status: "active" }, "pro")).status,
        400,
      );
    });
    await t.step("full record by id; unknown → 404", async () => {
      const id =
        rows<{ patent_id: string }>(sb, "SELECT patent_id FROM patents ORDER BY rid LIMIT 1")[0].patent_id;
      const rec = await get(sb, `/api/v1/patents/${encodeURIComponent(id)}`, {}, "pro");
      assert.equal(P.PatentRecordResponse.parse(rec.body).data.patent_id, id);
      assert.equal((await get(sb, "/api/v1/patents/US0B0", {}, "pro")).status, 404);
    });
    await t.step(
      "the client sends a full number in the spec's form; a bare number reaches the record",
      async () => {
        const id = rows<{ patent_id: string }>(
          sb,
          "SELECT patent_id FROM patents WHERE country = 'US' AND kind = 'B2' ORDER BY rid LIMIT 1",
        )[0].patent_id;
        const number = id.slice(2, -2);
        const written = `us ${Number(number).toLocaleString("en-US")} b2`;
        assert.equal(prepare(ENDPOINTS["patents.get"], { patentId: written }).sent.patentId, id);
        assert.equal(prepare(ENDPOINTS["patents.get"], { patentId: ` ${number} ` }).sent.patentId, number);
        const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
        for (const form of [written, number, `US${number}`]) {
          assert.equal((await ri.patents.get({ patentId: form })).body.data.patent_id, id, form);
        }
      },
    );
    await t.step("aggregate by year covers the data's three latest calendar years", async () => {
      const body = P.AggregateResponse.parse((await get(sb, "/api/v1/patents/aggregate", {}, "pro")).body);
      const y = Number(sb.store.today.slice(0, 4));
      const got = Object.fromEntries((body.buckets ?? []).map((b) => [b.year, b.count]));
      for (const year of [y - 2, y - 1, y]) {
        assert.equal(got[year], n("SELECT count(*) AS n FROM patents WHERE pub_year = ?", String(year)));
      }
      assert.equal(body.meta.total_buckets, body.buckets?.length);
    });
    await t.step("yoy-growth defaults give CPC rows; counts match SQL", async () => {
      const body = P.YoyGrowthResponse.parse(
        (await get(sb, "/api/v1/patents/yoy-growth", { dimension: "cpc" }, "pro")).body,
      );
      assert.ok(body.data.length > 0);
      const r = body.data[0];
      const old = n(
        `SELECT count(DISTINCT p.patent_id) AS n FROM patents p JOIN patent_cpc c ON c.patent_id = p.patent_id
         WHERE p.pub_year = 2024 AND c.cpc_subclass = ?`,
        String(r.cpc_code),
      );
      assert.equal(r.oldCount, old);
      assert.ok(
        body.data.every((x) =>
          x.oldCount >= 50 && x.percent === Math.round(x.change / x.oldCount * 1e4) / 1e4
        ),
      );
      const co = P.YoyGrowthResponse.parse(
        (await get(sb, "/api/v1/patents/yoy-growth", { dimension: "company", min_old_count: 5 }, "pro")).body,
      );
      assert.ok(co.data.length > 0 && co.data.every((x) => typeof x.company_id === "string"));
    });
  });
});
