/**
 * Medicare spending as its definitions state it: the spending year is the year each row carries (2025,
 * the spec's stated year, when it carries none), rows of several years are named as mixed, drugs are
 * ordered by spending, and the filters reach the service as the spec names them (`molecule_id` for a
 * `CHEMBL<n>` id, else `generic_name`; `efo_id`; `search`) — checked on the sandbox's own request log.
 */
import assert from "node:assert/strict";
import pl from "nodejs-polars";
import {
  medicareDefinitions,
  medicareSpending,
  medicareSpendingFromFrame,
  mixedYears,
  SPEC_SPENDING_YEAR,
  spendingYears,
} from "../../lib/analyses/medicare_spending.ts";
import { clientFor, countingFetch, withSandbox } from "../client/_sandbox.ts";
import { hostile } from "../_hostile.ts";

const rows = (years: (number | null)[], spending = years.map((_, i) => 100 * (i + 1))) =>
  pl.DataFrame({
    _key: years.map((_, i) => `k${i}`),
    generic_name: years.map((_, i) => `Drug ${i}`),
    brand_names: years.map(() => [] as string[]),
    molecule_chembl_id: years.map((_, i) => `CHEMBL${i}`),
    total_spending: spending,
    total_claims: years.map(() => 10),
    total_beneficiaries: years.map(() => 5),
    year: years,
  });

Deno.test("spendingYears(): the rows' years as an analyst reads them; none gives the spec's 2025", () => {
  assert.equal(SPEC_SPENDING_YEAR, 2025, "the spec: spending data is for 2025");
  const one = medicareSpendingFromFrame(rows([2023, 2023])).drugs;
  assert.deepEqual(one.getColumn("spending_year").toArray(), [2023, 2023]);
  assert.deepEqual(spendingYears(one), { years: [2023], label: "2023", mixed: false });
  const two = medicareSpendingFromFrame(rows([2024, null, 2023])).drugs;
  assert.deepEqual(two.sort("key").getColumn("spending_year").toArray(), [2024, 2025, 2023]);
  assert.deepEqual(spendingYears(two), {
    years: [2023, 2024, 2025],
    label: "2023, 2024 and 2025",
    mixed: true,
  });
  const pair = medicareSpendingFromFrame(rows([2024, 2023])).drugs;
  assert.deepEqual(spendingYears(pair), { years: [2023, 2024], label: "2023 and 2024", mixed: true });
  const empty = { years: [2025], label: "2025", mixed: false };
  assert.deepEqual(spendingYears(medicareSpendingFromFrame(rows([])).drugs), empty);
  assert.deepEqual(spendingYears(pl.DataFrame({ key: ["a"] })), empty, "no spending_year column");
  assert.deepEqual(spendingYears(pl.DataFrame({ spending_year: [null, 2022] })).label, "2022");
});

Deno.test("mixedYears() and the definitions name the data's year, never a hard-coded one", () => {
  const w = mixedYears("2023 and 2024");
  assert.equal(w.code, "mixed-spending-years");
  assert.match(w.message, /spending years 2023 and 2024: totals add spending of different years$/);
  assert.match(medicareDefinitions("2023").total_spending, /^2023 Medicare Part D spending summed/);
  assert.match(medicareDefinitions().total_spending, /^2025 Medicare Part D spending summed/);
  for (const [k, v] of Object.entries(medicareDefinitions("2023"))) {
    assert.doesNotMatch(v, /NaN|\{year\}/, k);
  }
  assert.match(medicareDefinitions().cost_per_beneficiary, /rows_without_beneficiaries\. Beneficiaries are/);
  assert.match(medicareDefinitions().cost_per_claim, /rows with no \(or suppressed\) claims are left out/);
});

Deno.test("medicareSpendingFromFrame(): drugs by spending, ties by key, with the documented columns", () => {
  const { drugs } = medicareSpendingFromFrame(rows([2025, 2025, 2025, 2025], [50, 300, 50, 10]));
  assert.deepEqual(drugs.columns, [
    "key",
    "generic_name",
    "brand_names",
    "branded",
    "molecule_id",
    "total_spending",
    "total_claims",
    "total_beneficiaries",
    "cost_per_claim",
    "cost_per_beneficiary",
    "spend_share_fraction",
    "spending_year",
  ]);
  assert.deepEqual(drugs.getColumn("key").toArray(), ["k1", "k0", "k2", "k3"]);
  assert.deepEqual(drugs.getColumn("molecule_id").toArray(), ["CHEMBL1", "CHEMBL0", "CHEMBL2", "CHEMBL3"]);
  assert.deepEqual(drugs.getColumn("cost_per_beneficiary").toArray(), [60, 10, 10, 2]);
  assert.deepEqual(drugs.getColumn("spend_share_fraction").toArray(), [
    300 / 410,
    50 / 410,
    50 / 410,
    10 / 410,
  ]);
});

Deno.test("medicareSpending(): each filter reaches the service under the spec's parameter name", async () => {
  await withSandbox(async (sb) => {
    const id = (sb.store.db.prepare(
      "SELECT chembl_id FROM medicare_drugs WHERE chembl_id IS NOT NULL LIMIT 1",
    ).get() as { chembl_id: string }).chembl_id;
    const sent = async (options: Parameters<typeof medicareSpending>[1]) => {
      const f = countingFetch();
      const out = await medicareSpending(clientFor(sb, { fetch: f.fetch }), options);
      const q = new URL(f.urls[0]).searchParams;
      return { q, out };
    };
    const byId = await sent({ molecule: ` ${id.toLowerCase()} ` });
    assert.equal(byId.q.get("molecule_id"), id);
    assert.equal(byId.q.get("generic_name"), null);
    assert.equal(byId.q.get("limit"), "100");
    assert.ok(byId.out.drugs.height > 0);
    const byName = await sent({ molecule: "Examplinib" });
    assert.deepEqual([byName.q.get("generic_name"), byName.q.get("molecule_id")], ["Examplinib", null]);
    const efo = await sent({ efo_id: "EFO:0000311", search: "Brandix" });
    // The client sends the spec's underscore form of the CURIE.
    assert.deepEqual([efo.q.get("efo_id"), efo.q.get("search"), efo.q.get("molecule_id")], [
      "EFO_0000311",
      "Brandix",
      null,
    ]);
    const all = await sent({ all: true });
    assert.deepEqual([...all.q.keys()].filter((k) => k !== "page").sort(), ["limit"]);
    assert.ok(all.out.drugs.height > 1);
    assert.deepEqual(all.out.warnings, [], "rows of one year and some rows: nothing to warn");
    assert.deepEqual(all.out.provenance.length, 1);
    const none = await sent({ efo_id: "EFO:9999999" });
    assert.equal(none.out.drugs.height, 0);
    assert.deepEqual(none.out.warnings.map((w) => w.code), ["not-evidence-of-absence"]);
    const capped = await sent({ all: true, maxRows: 1 });
    assert.equal(capped.out.complete, false, "stopped after maxRows");
    assert.equal(all.out.complete, true);
  });
});

Deno.test("medicareSpending(): an option of the wrong type is an error naming it, before any request", async () => {
  await withSandbox(async (sb) => {
    const f = countingFetch();
    const options = { molecule: 42 } as unknown as Parameters<typeof medicareSpending>[1];
    await assert.rejects(
      () => medicareSpending(clientFor(sb, { fetch: f.fetch }), options),
      (e: Error) => /molecule/.test(e.message) && /42/.test(e.message),
    );
    assert.equal(f.count(), 0);
  });
});

Deno.test("medicareSpending(): rows of two spending years are summed with a warning naming both", async () => {
  await withSandbox(async (sb) => {
    // The sandbox's own rows, passed through a loopback server that gives every other row 2023 as its year.
    const proxy = hostile(async (req, url) => {
      const res = await fetch(`${sb.url}${url.pathname}${url.search}`, { headers: req.headers });
      const body = await res.json();
      body.data?.forEach((r: { year?: number }, i: number) => i % 2 === 0 && (r.year = 2023));
      return Response.json(body, { status: res.status });
    });
    try {
      const out = await medicareSpending(clientFor(sb, { baseUrl: proxy.url }), { all: true });
      assert.deepEqual(new Set(out.drugs.getColumn("spending_year").toArray()), new Set([2023, 2025]));
      const mixed = out.warnings.filter((w) => w.code === "mixed-spending-years");
      assert.equal(mixed.length, 1);
      assert.match(mixed[0].message, /2023 and 2025/);
      assert.match(out.definitions?.total_spending ?? "", /^2023 and 2025 Medicare Part D/);
    } finally {
      await proxy.close();
    }
  });
});

Deno.test("medicareSpending(): a client slice that does not flag an empty result still gets the warning", async () => {
  await withSandbox(async (sb) => {
    const ri = clientFor(sb);
    // The documented MedicareSpendingClient slice, here one that passes rows on without the client's warnings.
    const slice = {
      medicare: {
        search: {
          all: async (p: Record<string, unknown>, o?: { maxRows?: number }) => {
            const r = await ri.medicare.search.all(p, o);
            return { ...r, meta: { ...r.meta, warnings: [] } };
          },
        },
      },
    };
    const out = await medicareSpending(slice, { search: "zzznotadrug" });
    assert.deepEqual(out.warnings.map((w) => [w.code, w.pitfall]), [["not-evidence-of-absence", 23]]);
    const some = await medicareSpending(slice, { all: true });
    assert.deepEqual(some.warnings, []);
  });
});
