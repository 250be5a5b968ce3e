import assert from "node:assert/strict";
import pl from "nodejs-polars";
import {
  analysisResult,
  explodeLinks,
  frameFromResult,
  provenanceFrame,
  provenanceOf,
  toCsvString,
  toFrame,
  withProvenance,
  writeCsv,
  writeParquet,
} from "../../lib/frames/mod.ts";
import { raw, withSandbox } from "./_raw.ts";

Deno.test("frameFromResult() types the rows and records where they came from", async () => {
  await withSandbox(async (sb, ri) => {
    const res = await ri.trials.search({ condition: "no such condition anywhere", limit: 5 });
    const df = frameFromResult(res);
    assert.equal(df.height, 0);
    assert.ok(df.columns.includes("start_date"));
    const [p] = provenanceOf(df);
    assert.equal(p.endpoint, "trials.search");
    assert.equal(p.total, 0);
    const pf = provenanceFrame(df);
    assert.equal(pf.height, 1);
    assert.equal(pf.getColumn("endpoint").get(0), "trials.search");
    assert.equal(String(pf.getColumn("fetched_at").dtype), String(pl.Datetime("ms")));
    const truth = await raw(sb, "/api/v1/clinical-trials", { search: "asthma", limit: 20 });
    const page = frameFromResult(await ri.trials.search({ search: "asthma", limit: 20 }));
    assert.equal(provenanceOf(page)[0].total, truth.meta.totalItems);
    assert.deepEqual(
      page.getColumn("trial_id").toArray(),
      truth.data.map((r: { trial_id: string }) => r.trial_id),
    );
    assert.deepEqual(provenanceOf(page.head(1)), [], "derived frames carry none until re-attached");
    assert.equal(provenanceOf(withProvenance(page.head(1), provenanceOf(page))).length, 1);
  });
});

Deno.test("analysisResult() merges call warnings, completeness and renders HTML", () => {
  const meta = {
    endpoint: "regulatory.catalysts",
    method: "GET" as const,
    path: "/x",
    params: { sponsor: "A" },
    total: null,
    rows: 0,
    pages: 1,
    fetchedAt: new Date(0),
    fromCache: false,
    cacheAgeMs: 0,
    complete: false,
    warnings: [{ code: "capped", message: "capped" }],
  };
  const r = analysisResult({ a: pl.DataFrame({ x: [1] }) }, [meta], [{ code: "mine", message: "m" }]);
  assert.equal(r.complete, false);
  assert.deepEqual(r.warnings.map((w) => w.code), ["capped", "mine"]);
  assert.match(r.warnings[0].source ?? "", /regulatory\.catalysts/);
  // deno-lint-ignore no-explicit-any
  const html = (r as any)[Symbol.for("Jupyter.display")]()["text/html"] as string;
  assert.match(html, /Incomplete/);
  assert.equal(provenanceOf(r.a).length, 1);
});

Deno.test("explodeLinks() gives one row per (record, link) and drops empty lists", () => {
  const ev = (name: string, sponsors: { id: string; name: string }[]) => ({
    trade_name: null,
    type: "approval",
    event_date: "2020-01-01",
    days_to_event: -5,
    drug_name: name,
    patent_no: null,
    exclusivity_code: null,
    exclusivity_description: null,
    approval_id: "regulatory_approval/1",
    sponsors,
    sponsors_chain: [],
  });
  const df = toFrame("catalystEvent", [
    ev("a", [{ id: "organizations/1", name: "One" }, { id: "organizations/2", name: "Two" }]),
    ev("b", []),
  ]);
  const links = explodeLinks(df, "sponsors", { id: ["drug_name"] });
  assert.deepEqual(links.columns, ["drug_name", "sponsors", "sponsors_id"]);
  assert.deepEqual(links.toRecords(), [
    { drug_name: "a", sponsors: "One", sponsors_id: "organizations/1" },
    { drug_name: "a", sponsors: "Two", sponsors_id: "organizations/2" },
  ]);
  assert.equal(explodeLinks(df, "sponsors_chain", { id: "drug_name" }).height, 0);
  assert.throws(() => explodeLinks(df, "type"), /not a list column/);
});

Deno.test("writeCsv()/writeParquet() export with dates, lists and the separator", () => {
  const df = toFrame("trial", [{
    trial_id: "NCT00000001",
    title: "t",
    status: "COMPLETED",
    phase: "PHASE2",
    start_date: "2021-05-06",
    enrollment: 12,
    sponsors: ["A", "B"],
  }]);
  const csv = toCsvString(df, { separator: ";" });
  assert.match(csv, /^trial_id;title;/);
  assert.match(csv, /2021-05-06;12;;"A; B";/, "list cells joined, quoted when they hold the separator");
  const dir = Deno.makeTempDirSync();
  try {
    writeCsv(df, `${dir}/t.csv`);
    assert.match(Deno.readTextFileSync(`${dir}/t.csv`), /NCT00000001,t,COMPLETED/);
    writeParquet(df, `${dir}/t.parquet`);
    assert.ok(pl.readParquet(`${dir}/t.parquet`).frameEqual(df, true));
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
