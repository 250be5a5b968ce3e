/**
 * lossOfExclusivity() as a caller meets it: a bad horizon is a typed error naming it before any request;
 * the default horizon is 5 years; every call behind the numbers is in the provenance; and when
 * drug-to-targets sends no molecule ids (fields the spec does not name) the result says which matching
 * was lost (a loopback proxy of the sandbox drops them).
 */
import assert from "node:assert/strict";
import pl from "nodejs-polars";
import { createClient } from "../../lib/client/mod.ts";
import { lossOfExclusivity } from "../../lib/analyses/loss_of_exclusivity.ts";
import { rawAll, withSandbox } from "../frames/_raw.ts";
import { hostile } from "../_hostile.ts";

Deno.test("lossOfExclusivity(): a horizon out of (0, 10] years is an error naming it, before any request", async () => {
  const server = hostile(() => Response.json({ success: true, data: [] }));
  try {
    const ri = createClient({ baseUrl: server.url, apiKey: "k".repeat(32), retry: 0 });
    for (const horizonYears of [0, -1, 10.01, Number.NaN]) {
      await assert.rejects(
        () => lossOfExclusivity(ri, { sponsors: ["Pfizer"], horizonYears }),
        (e: Error) =>
          e instanceof RangeError || e instanceof TypeError ? /horizonYears/.test(e.message) : false,
        String(horizonYears),
      );
    }
    await assert.rejects(
      () => lossOfExclusivity(ri, { sponsors: "Pfizer" as unknown as string[] }),
      (e: Error) => /sponsors/.test(e.message),
    );
    assert.deepEqual(server.seen, []);
  } finally {
    await server.close();
  }
});

Deno.test("lossOfExclusivity(): 5 years by default; every call is in the provenance", async () => {
  await withSandbox(async (_sb, ri) => {
    const sponsors = ["Pfizer", "Novartis"];
    const byDefault = await lossOfExclusivity(ri, { sponsors });
    const five = await lossOfExclusivity(ri, { sponsors, horizonYears: 5 });
    const names = (r: typeof five) => r.drugs.getColumn("drug_name").toArray();
    assert.deepEqual(names(byDefault), names(five));
    assert.deepEqual(byDefault.bySponsor.toRecords(), five.bySponsor.toRecords());
    const one = await lossOfExclusivity(ri, { sponsors, horizonYears: 1 });
    assert.ok(one.drugs.height < five.drugs.height, "a shorter horizon holds fewer drugs");
    const calls = new Set(five.provenance.map((p) => p.endpoint));
    for (
      const e of ["regulatory.catalysts", "medicare.search", "regulatory.search", "regulatory.landscape"]
    ) {
      assert.ok(calls.has(e), `${e} in ${[...calls]}`);
    }
    const catalysts = five.provenance.find((p) => p.endpoint === "regulatory.catalysts")!;
    assert.equal(Number(catalysts.params.windowDays), 3650, "the catalysts are asked as far as they reach");
    assert.equal(five.complete, true);
    assert.ok(!five.warnings.some((w) => w.code === "forms-unavailable"), "the sandbox sends molecule ids");
    assert.ok(!five.warnings.some((w) => w.code === "mixed-spending-years"), "one spending year");
    assert.match(five.definitions?.part_d_spending ?? "", /^2025 Medicare Part D spending/);
  });
});

Deno.test("lossOfExclusivity(): without molecule ids from drug-to-targets, says brand names were used", async () => {
  await withSandbox(async (sb) => {
    const proxy = hostile(async (req, url) => {
      const res = await fetch(`${sb.url}${url.pathname}${url.search}`, { headers: req.headers });
      const body = await res.json();
      if (url.pathname.endsWith("/drug-to-targets") && body.data) {
        delete body.data.drug?.chembl_id;
        for (const f of body.data.related_forms ?? []) delete f.chembl_id;
      }
      return Response.json(body, { status: res.status });
    });
    try {
      const ri = createClient({ baseUrl: proxy.url, apiKey: sb.keys.pro });
      const loe = await lossOfExclusivity(ri, { sponsors: ["Pfizer", "Novartis"], horizonYears: 10 });
      const asked = proxy.seen.filter((s) => s.path.includes("/drug-to-targets")).length;
      assert.ok(asked > 0, "some drug no name matched");
      const w = loe.warnings.filter((x) => x.code === "forms-unavailable");
      assert.equal(w.length, 1);
      assert.match(
        w[0].message,
        new RegExp(`^Molecule-id matching found no ids for ${asked} drugs no name matched`),
      );
      assert.ok(loe.provenance.filter((p) => p.endpoint === "biology.drugToTargets").length >= asked);
      // Forms are asked only for drugs no Medicare generic name matches (names are served first).
      const med = await rawAll(sb, "/api/v1/medicare-drugs", {}, (b) => b.data as unknown[]);
      // A generic name, and the same without a trailing salt word (the salt forms the sandbox uses).
      const salt =
        / (mesylate|hydrochloride|sodium|maleate|citrate|tartrate|sulfate|phosphate|besylate|acetate)$/;
      const generics = new Set(med.flatMap((m) => {
        const g = String(m.generic_name).toLowerCase();
        return [g, g.replace(salt, "")];
      }));
      const askedFor = proxy.seen.filter((s) => s.path.includes("/drug-to-targets"))
        .map((s) => new URL(s.path, "http://x").searchParams.get("drug")!.toLowerCase());
      assert.deepEqual(askedFor.filter((d) => generics.has(d)), []);
    } finally {
      await proxy.close();
    }
  });
});

Deno.test("lossOfExclusivity(): Medicare rows of two spending years are named, in the warning and the definitions", async () => {
  await withSandbox(async (sb) => {
    const proxy = hostile(async (req, url) => {
      const res = await fetch(`${sb.url}${url.pathname}${url.search}`, { headers: req.headers });
      const body = await res.json();
      if (url.pathname.endsWith("/medicare-drugs")) {
        body.data?.forEach((r: { year?: number }, i: number) => i % 2 === 0 && (r.year = 2023));
      }
      return Response.json(body, { status: res.status });
    });
    try {
      const ri = createClient({ baseUrl: proxy.url, apiKey: sb.keys.pro });
      const loe = await lossOfExclusivity(ri, { sponsors: ["Pfizer"], horizonYears: 10 });
      const mixed = loe.warnings.filter((w) => w.code === "mixed-spending-years");
      assert.equal(mixed.length, 1);
      assert.match(mixed[0].message, /2023 and 2025/);
      assert.match(loe.definitions?.exposed_horizon ?? "", /^2023 and 2025 Part D spending/);
      assert.deepEqual(new Set(loe.bySponsor.getColumn("spending_year").toArray()), new Set([2025]));
    } finally {
      await proxy.close();
    }
  });
});

Deno.test("lossOfExclusivity(): a calendar still capped is an incomplete result; a ticker's share is unavailable", async () => {
  await withSandbox(async (_sb, ri) => {
    // One event per call: a day with two events stays capped however the calls are split.
    const capped = await lossOfExclusivity(ri, { sponsors: ["Pfizer"], tickers: ["PFE"], limit: 1 });
    assert.equal(capped.complete, false);
    assert.ok(capped.warnings.some((w) => w.code === "capped"));
    const share = capped.warnings.filter((w) => w.code === "share-unavailable");
    assert.equal(share.length, 1);
    assert.match(share[0].message, /^ticker PFE: the regulatory landscape takes sponsor names only/);
    assert.equal(
      capped.bySponsor.filter(pl.col("entity").eq(pl.lit("ticker:PFE"))).getColumn("part_d_total").get(0),
      null,
    );
  });
});
