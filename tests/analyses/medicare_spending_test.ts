import assert from "node:assert/strict";
import pl from "nodejs-polars";
import { createClient } from "../../lib/client/mod.ts";
import { startSandbox } from "../../lib/sandbox/mod.ts";
import { medicareSpending, medicareSpendingFromFrame } from "../../lib/analyses/medicare_spending.ts";

Deno.test("medicareSpendingFromFrame() gives typed empty frames and a null-ratio summary for no rows", () => {
  const { drugs, summary } = medicareSpendingFromFrame(pl.DataFrame([]));
  assert.equal(drugs.height, 0);
  assert.ok(drugs.columns.includes("cost_per_claim") && drugs.columns.includes("spend_share_fraction"));
  assert.equal(String(drugs.getColumn("brand_names").dtype), "DataType(List(DataType(String)))");
  assert.deepEqual(summary.toRecords(), [{
    drugs: 0,
    total_spending: 0,
    branded_spending: 0,
    branded_share_fraction: null,
    total_claims: 0,
    total_beneficiaries: 0,
    cost_per_claim: null,
    cost_per_beneficiary: null,
    rows_without_claims: 0,
    rows_without_beneficiaries: 0,
  }]);
});

Deno.test("medicareSpendingFromFrame() gives null costs for zero denominators, never NaN or Infinity", () => {
  const rows = pl.DataFrame({
    _key: ["k"],
    generic_name: ["Drug A"],
    brand_names: [["Brandix"]],
    total_spending: [1000],
    total_claims: [0],
    total_beneficiaries: [0],
  });
  const { drugs, summary } = medicareSpendingFromFrame(rows);
  const d = drugs.toRecords()[0];
  assert.equal(d.cost_per_claim, null);
  assert.equal(d.cost_per_beneficiary, null);
  assert.equal(d.spend_share_fraction, 1);
  assert.equal(d.branded, true);
  assert.equal(summary.getColumn("cost_per_claim").toArray()[0], null);
  assert.equal(summary.getColumn("branded_share_fraction").toArray()[0], 1);
});

Deno.test("medicareSpendingFromFrame() does not count a brand name equal to the generic name as branded", () => {
  const rows = pl.DataFrame({
    _key: ["a", "b", "c"],
    generic_name: ["Metformin", "Drug B", "Drug C"],
    brand_names: [["METFORMIN"], [], ["Cbrand", "drug c"]],
    total_spending: [10, 30, 60],
    total_claims: [1, 3, 6],
    total_beneficiaries: [1, 1, 2],
  });
  const { drugs, summary } = medicareSpendingFromFrame(rows);
  assert.deepEqual(drugs.getColumn("key").toArray(), ["c", "b", "a"]);
  assert.deepEqual(drugs.getColumn("branded").toArray(), [true, false, false]);
  assert.equal(summary.getColumn("branded_share_fraction").toArray()[0], 0.6);
  assert.equal(summary.getColumn("cost_per_beneficiary").toArray()[0], 25);
});

Deno.test("medicareSpending() requires a filter", async () => {
  const client = { medicare: { search: { all: () => Promise.reject(new Error("not called")) } } };
  await assert.rejects(() => medicareSpending(client, {}), TypeError);
});

interface SqlDrug {
  key: string;
  total_spending: number;
  total_claims: number;
  total_beneficiaries: number;
  is_branded: number;
}

Deno.test("medicareSpending() matches the sandbox store", async (t) => {
  await using sb = await startSandbox({ port: 0, seed: 42, scale: "tiny", quiet: true });
  const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.free });
  const db = sb.store.db;
  const select =
    `SELECT key, total_spending, total_claims, total_beneficiaries, is_branded FROM medicare_drugs`;

  await t.step("an indication (OBO form, normalised) gives every linked drug with SQL totals", async () => {
    const efo = (db.prepare(
      `SELECT efo_id FROM medicare_indications GROUP BY efo_id ORDER BY COUNT(DISTINCT medicare_key) DESC LIMIT 1`,
    ).get() as { efo_id: string }).efo_id;
    const truth = db.prepare(
      `${select} WHERE key IN (SELECT medicare_key FROM medicare_indications WHERE efo_id = ?)`,
    ).all(efo) as unknown as SqlDrug[];
    const out = await medicareSpending(ri, { efo_id: efo.replace("_", ":") });
    assert.equal(out.drugs.height, truth.length);
    assert.deepEqual(new Set(out.drugs.getColumn("key").toArray()), new Set(truth.map((r) => r.key)));
    const spend = truth.reduce((a, r) => a + r.total_spending, 0);
    const branded = truth.filter((r) => r.is_branded).reduce((a, r) => a + r.total_spending, 0);
    const s = out.summary.toRecords()[0];
    assert.ok(Math.abs((s.total_spending as number) - spend) < 1e-6 * spend);
    assert.ok(Math.abs((s.branded_share_fraction as number) - branded / spend) < 1e-9);
    assert.equal(s.total_claims, truth.reduce((a, r) => a + r.total_claims, 0));
    const byKey = new Map(truth.map((r) => [r.key, r]));
    for (const d of out.drugs.toRecords()) {
      const r = byKey.get(d.key as string)!;
      assert.equal(d.branded, r.is_branded === 1, `branded of ${d.key}`);
      assert.equal(d.cost_per_claim, r.total_claims ? r.total_spending / r.total_claims : null);
    }
    assert.equal(out.complete, true);
  });

  await t.step("zero claims or beneficiaries give null costs, as the server's averages", async () => {
    const zero = db.prepare(`${select} WHERE total_claims = 0 LIMIT 1`).get() as unknown as SqlDrug;
    const id = (db.prepare("SELECT chembl_id FROM medicare_drugs WHERE key = ?").get(zero.key) as {
      chembl_id: string;
    }).chembl_id;
    const out = await medicareSpending(ri, { molecule: id });
    const row = out.drugs.filter(pl.col("key").eq(pl.lit(zero.key))).toRecords()[0];
    assert.equal(row.cost_per_claim, null);
    const raw = await fetch(`${sb.url}/api/v1/medicare-drugs?molecule_id=${id}`, {
      headers: { "x-api-key": sb.keys.free },
    }).then((r) => r.json());
    const server = raw.data.find((r: { _key: string }) => r._key === zero.key);
    assert.equal(server.avg_spending_per_claim, null);
  });

  await t.step("a complete brand name gives a single row holding all the spend", async () => {
    const one = db.prepare(
      `SELECT b.brand_name AS brand, COUNT(*) AS n FROM medicare_brands b GROUP BY lower(b.brand_name)
       HAVING n = 1 ORDER BY b.brand_name LIMIT 1`,
    ).get() as { brand: string };
    const out = await medicareSpending(ri, { search: one.brand });
    assert.equal(out.drugs.height, 1);
    assert.equal(out.drugs.getColumn("spend_share_fraction").toArray()[0], 1);
    assert.equal(out.drugs.getColumn("branded").toArray()[0], true);
  });

  await t.step("a partial name returns no rows and says it is not evidence of absence", async () => {
    const generic = (db.prepare("SELECT generic_name FROM medicare_drugs LIMIT 1").get() as {
      generic_name: string;
    }).generic_name;
    const out = await medicareSpending(ri, { search: generic.slice(0, 5) });
    assert.equal(out.drugs.height, 0);
    assert.equal(out.summary.getColumn("drugs").toArray()[0], 0);
    const w = out.warnings.filter((x) => x.code === "not-evidence-of-absence");
    assert.equal(w.length, 1);
    assert.equal(w[0].pitfall, 23);
  });
});

Deno.test("medicareSpending() costs per claim and beneficiary leave out rows without them, as raw HTTP says", async () => {
  await using sb = await startSandbox({ port: 0, seed: 42, scale: "tiny", quiet: true });
  const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.free });
  type Raw = { total_spending: number; total_claims: number | null; total_beneficiaries: number | null };
  const rows: Raw[] = [];
  for (let page = 1;; page++) {
    const b = await fetch(`${sb.url}/api/v1/medicare-drugs?limit=100&page=${page}`, {
      headers: { "x-api-key": sb.keys.free },
    }).then((r) => r.json());
    rows.push(...b.data);
    if (rows.length >= b.meta.totalItems) break;
  }
  const without = (k: "total_claims" | "total_beneficiaries") => rows.filter((r) => !(Number(r[k]) > 0));
  const cost = (k: "total_claims" | "total_beneficiaries") => {
    const kept = rows.filter((r) => Number(r[k]) > 0);
    return kept.reduce((a, r) => a + r.total_spending, 0) / kept.reduce((a, r) => a + Number(r[k]), 0);
  };
  // The data is built to break the naive ratio: some rows spend with no beneficiaries (or claims).
  assert.ok(without("total_beneficiaries").some((r) => r.total_spending > 0));
  assert.ok(without("total_claims").some((r) => r.total_spending > 0));
  const out = await medicareSpending(ri, { all: true });
  const s = out.summary.toRecords()[0];
  assert.ok(Math.abs((s.cost_per_beneficiary as number) / cost("total_beneficiaries") - 1) < 1e-9);
  assert.ok(Math.abs((s.cost_per_claim as number) / cost("total_claims") - 1) < 1e-9);
  assert.equal(s.rows_without_beneficiaries, without("total_beneficiaries").length);
  assert.equal(s.rows_without_claims, without("total_claims").length);
  assert.match(out.definitions?.cost_per_beneficiary ?? "", /rows_without_beneficiaries/);
});
