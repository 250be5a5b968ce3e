/**
 * Disease and regulatory endpoints of the sandbox (spec 4.2, 4.3) over loopback HTTP: totals
 * against independent SQL and the documented quirks (7, 15, 16, 17, 18).
 */
import assert from "node:assert/strict";
import { DiseaseAutocompleteResponse, DiseaseLandscapeResponse } from "../../lib/client/schemas/diseases.ts";
import {
  ApprovalSearchResponse,
  CatalystsResponse,
  RegulatoryLandscapeResponse,
} from "../../lib/client/schemas/regulatory.ts";
import { count, get, P, post, rows, withSandbox } from "./_helpers.ts";
import { importPublicData } from "../../lib/sandbox/import/mod.ts";
import { startSandbox } from "../../lib/sandbox/mod.ts";

Deno.test("disease and regulatory endpoints", async (t) => {
  await withSandbox(async (sb) => {
    const nA = (sql: string, ...a: string[]) =>
      count(sb, `SELECT count(*) AS n FROM approvals a WHERE ${sql}`, ...a);

    await t.step(
      "disease autocomplete: Pro, partial case-insensitive, diseases with trials only, ≤ 10",
      async () => {
        assert.equal((await get(sb, P.autocomplete, { q: "lung" }, "free")).status, 402);
        const a = await get(sb, P.autocomplete, { q: "LUNG" }, "pro");
        assert.equal(a.status, 200);
        assert.ok(DiseaseAutocompleteResponse.safeParse(a.body).success);
        assert.equal(a.body.meta.query, "LUNG");
        assert.equal(a.body.meta.returned, a.body.data.length);
        assert.ok(a.body.data.some((r: { efo_id: string }) => r.efo_id === "EFO:0001071"));
        const wide = await get(sb, P.autocomplete, { q: "a" }, "pro");
        assert.equal(wide.body.data.length, 10);
        for (const r of wide.body.data) {
          assert.ok(
            count(sb, "SELECT count(*) AS n FROM trial_conditions WHERE disease_id = ?", r.efo_id) > 0,
          );
        }
        const none = await get(sb, P.autocomplete, { q: "zzqx" }, "pro");
        assert.equal(none.status, 200);
        assert.deepEqual(none.body.data, []);
      },
    );

    await t.step("disease landscape: efo_id or name, documented fields, 400/404", async () => {
      const a = await post(sb, P.landscape, { efo_id: "EFO:0001071" });
      assert.equal(a.status, 200);
      assert.ok(DiseaseLandscapeResponse.safeParse(a.body).success);
      const b = await post(sb, P.landscape, { disease: "Lung Cancer" });
      assert.deepEqual(b.body, a.body);
      const total = count(
        sb,
        `SELECT count(DISTINCT trial_id) AS n FROM trial_conditions WHERE disease_id IN
         (WITH RECURSIVE s(id) AS (SELECT 'EFO:0001071' UNION SELECT d.id FROM diseases d JOIN s ON d.parent_id = s.id) SELECT id FROM s)`,
      );
      assert.equal(a.body.data.trials.totalTrials, total);
      const phases = Object.values(a.body.data.trials.byPhase as Record<string, number>).reduce(
        (x, y) => x + y,
        0,
      );
      assert.equal(phases, total);
      assert.ok(a.body.data.competitivenessIndex >= 0 && a.body.data.competitivenessIndex <= 100);
      assert.equal((await post(sb, P.landscape, {})).status, 400);
      assert.equal((await post(sb, P.landscape, { efo_id: "EFO:9999999" })).status, 404);
      assert.equal((await post(sb, P.landscape, { efo_id: "EFO:0001071" }, "free")).status, 402);
    });

    await t.step("approvals search: filters AND-combined, exact total, schema, pagination", async () => {
      const a = await get(sb, P.approvals, { source: "FDA_ORANGE", status: "Rx", limit: 10 });
      assert.equal(a.status, 200);
      assert.ok(
        ApprovalSearchResponse.safeParse(a.body).success,
        JSON.stringify(ApprovalSearchResponse.safeParse(a.body).error?.issues?.[0]),
      );
      assert.equal(a.body.meta.totalItems, nA("a.source = 'FDA_ORANGE' AND a.marketing_status = 'Rx'"));
      const dates = a.body.data.map((r: { approval_date: string }) => r.approval_date);
      assert.deepEqual(dates, [...dates].sort().reverse(), "approval_date desc by default");
      const ema = await get(sb, P.approvals, { source: "EMA" }),
        union = await get(sb, P.approvals, { source: "EMA Union Register" });
      assert.equal(ema.body.meta.totalItems, union.body.meta.totalItems);
      assert.equal(ema.body.meta.totalItems, nA("a.source = 'EMA'"));
      const ap =
        rows<{ applicant_raw: string }>(sb, "SELECT applicant_raw FROM approvals LIMIT 1")[0].applicant_raw;
      const frag = ap.slice(1, 5).toLowerCase();
      const b = await get(sb, P.approvals, { applicant: frag });
      assert.equal(b.body.meta.totalItems, nA("instr(lower(a.applicant_raw), ?) > 0", frag));
      const p2 = await get(sb, P.approvals, { page: 2, limit: 10 });
      const p1 = await get(sb, P.approvals, { page: 1, limit: 10 });
      assert.notEqual(p1.body.data[0].approval_id, p2.body.data[0].approval_id);
      assert.deepEqual((await get(sb, P.approvals, { page: 9999 })).body.data, []);
    });

    await t.step("quirk 7: is_orphan=false is coerced to true (selects orphans)", async () => {
      const orphans = nA("a.is_orphan = 1");
      assert.ok(orphans > 0);
      for (const v of ["true", "false", "0", "no"]) {
        assert.equal((await get(sb, P.approvals, { is_orphan: v })).body.meta.totalItems, orphans, v);
      }
    });

    await t.step(
      "quirk 18: wrong-format linked ids → 200 with an empty list; right form filters",
      async () => {
        const link = rows<{ org_id: string; chembl_id: string; disease_id: string }>(
          sb,
          `SELECT s.org_id, d.chembl_id, i.disease_id FROM approval_sponsors s JOIN approval_drugs d USING (approval_key)
         JOIN approval_indications i USING (approval_key) LIMIT 1`,
        )[0];
        for (
          const [k, v] of [["sponsor_id", link.org_id.replace("organizations/", "")], [
            "drug_id",
            link.chembl_id.toLowerCase(),
          ], [
            "disease_id",
            link.disease_id.replace(":", "_"),
          ]]
        ) {
          const a = await get(sb, P.approvals, { [k]: v });
          assert.equal(a.status, 200);
          assert.equal(a.body.meta.totalItems, 0, k);
        }
        const ok = await get(sb, P.approvals, { sponsor_id: link.org_id });
        assert.equal(
          ok.body.meta.totalItems,
          count(sb, "SELECT count(*) AS n FROM approval_sponsors WHERE org_id = ?", link.org_id),
        );
        assert.ok(
          ok.body.data.every((r: { approval_id: string }) =>
            /^(FDA_ORANGE|FDA_PURPLE|EMA):/.test(r.approval_id)
          ),
        );
      },
    );

    await t.step("regulatory landscape: tiers, exact total_unique_drugs", async () => {
      const a = await get(sb, P.regLandscape, { region: "US", minYear: 2015 });
      assert.equal(a.status, 200);
      assert.ok(RegulatoryLandscapeResponse.safeParse(a.body).success);
      const expected = count(
        sb,
        `SELECT count(DISTINCT coalesce(m.parent_chembl_id, m.chembl_id)) AS n FROM approvals a
         JOIN approval_drugs d ON d.approval_key = a.key JOIN molecules m ON m.chembl_id = d.chembl_id
         WHERE a.region = 'US' AND a.approval_date >= '2015-01-01'`,
      );
      const c = a.body.data.counts;
      assert.equal(c.total_unique_drugs, expected);
      assert.equal(c.biologics + c.small_molecules_modern + c.commodities, expected);
      const none = await get(sb, P.regLandscape, { sponsor: "zzqx Nobody" });
      assert.equal(none.body.data.counts.total_unique_drugs, 0);
    });

    await t.step("catalysts quirk 15: none → 400; sponsor+lei → 500", async () => {
      assert.equal((await get(sb, P.catalysts, {})).status, 400);
      const lei =
        rows<{ lei: string }>(sb, "SELECT lei FROM organizations WHERE lei IS NOT NULL LIMIT 1")[0].lei;
      assert.equal((await get(sb, P.catalysts, { sponsor: "Pfizer", lei })).status, 500);
      assert.equal((await get(sb, P.catalysts, { ticker: "PFE", lei })).status, 500);
      assert.equal((await get(sb, P.catalysts, { lei: "short" })).status, 400);
    });

    await t.step(
      "catalysts: window, dedup, ascending, cap, counts of returned events, internal approval_id (17)",
      async () => {
        const a = await get(sb, P.catalysts, { sponsor: "Pfizer", windowDays: 3650, limit: 500 });
        assert.equal(a.status, 200);
        assert.ok(CatalystsResponse.safeParse(a.body).success);
        const ev = a.body.data.events as {
          event_date: string;
          type: string;
          drug_name: string;
          days_to_event: number;
          approval_id: string;
        }[];
        assert.ok(ev.length > 0);
        const dates = ev.map((e) => e.event_date);
        assert.deepEqual(dates, [...dates].sort());
        const ids = ev.map((e) => `${e.drug_name}|${e.type}|${e.event_date}`);
        assert.equal(new Set(ids).size, ids.length, "deduplicated by drug+type+date");
        const today = Date.parse(sb.store.today);
        for (const e of ev) {
          assert.match(e.approval_id, /^regulatory_approval\//);
          assert.equal(e.days_to_event, Math.round((Date.parse(e.event_date) - today) / 86_400_000));
          if (e.type === "approval") assert.ok(e.days_to_event <= 0 && e.days_to_event >= -3650);
          else assert.ok(e.days_to_event >= 0 && e.days_to_event <= 3650);
        }
        const capped = await get(sb, P.catalysts, { sponsor: "Pfizer", windowDays: 3650, limit: 3 });
        assert.equal(capped.body.data.events.length, 3);
        const c = capped.body.data.counts as Record<string, number>;
        assert.equal(Object.values(c).reduce((x, y) => x + y, 0), 3, "counts split the returned events");
        assert.deepEqual(capped.body.data.events, ev.slice(0, 3));
        assert.ok(
          capped.body.data.next_patent_expiry === null ||
            capped.body.data.next_patent_expiry >= sb.store.today,
        );
      },
    );

    await t.step(
      "catalysts: lei and ticker expand the family; quirk 16 unresolvable → 200 empty",
      async () => {
        const sec = rows<{ ticker: string; lei: string }>(
          sb,
          `SELECT s.ticker, s.lei FROM sec_entities s JOIN organizations o ON o.lei = s.lei WHERE o.name = 'Pfizer' LIMIT 1`,
        )[0];
        const byTicker = await get(sb, P.catalysts, {
          ticker: sec.ticker.toLowerCase(),
          windowDays: 3650,
          limit: 500,
        });
        const byLei = await get(sb, P.catalysts, { lei: sec.lei, windowDays: 3650, limit: 500 });
        assert.deepEqual(byTicker.body.data.events, byLei.body.data.events);
        assert.ok(byLei.body.data.events.length > 0);
        const unresolvable: Record<string, string>[] = [
          { sponsor: "zzqx Nobody" },
          { indication: "zzqx nothing" },
          { drugNames: "zzqx,qqq" },
          { ticker: "ZZZZQ" },
        ];
        for (const p of unresolvable) {
          const a = await get(sb, P.catalysts, p);
          assert.equal(a.status, 200, JSON.stringify(p));
          assert.deepEqual(a.body.data.events, []);
        }
        const ind = await get(sb, P.catalysts, { indication: "breast cancer", windowDays: 3650 });
        assert.equal(ind.status, 200);
      },
    );
  });
});

const COMBOS = new URL("../fixtures/public/orange_book_combos", import.meta.url).pathname;

Deno.test("with molecules imported, an approval links to the molecule its ingredient names, a stated ester kept", async () => {
  const dir = await Deno.makeTempDir({ prefix: "ri-combos-" });
  try {
    // Molecules as the Open Targets drug_molecule dataset gives them (JSON lines; ids illustrative): the
    // two fluticasone esters are molecules of their own beside fluticasone; salmeterol xinafoate is a salt form.
    await Deno.mkdir(`${dir}/ot/drug_molecule`, { recursive: true });
    const mol = (id: string, name: string, parentId?: string) =>
      JSON.stringify({ id, name, drugType: "Small molecule", ...(parentId ? { parentId } : {}) });
    await Deno.writeTextFile(
      `${dir}/ot/drug_molecule/part-00000.json`,
      [
        mol("CHEMBL1000001", "FLUTICASONE"),
        mol("CHEMBL1473", "FLUTICASONE PROPIONATE"),
        mol("CHEMBL1676", "FLUTICASONE FUROATE"),
        mol("CHEMBL1263", "SALMETEROL"),
        mol("CHEMBL1000002", "SALMETEROL XINAFOATE", "CHEMBL1263"),
      ].join("\n") + "\n",
    );
    await importPublicData({
      store: `${dir}/ri.db`,
      orangeBook: COMBOS,
      openTargets: `${dir}/ot`,
      today: "2026-11-21",
    });
    await using sb = await startSandbox({ store: `${dir}/ri.db`, quiet: true });
    const links = rows<{ trade: string; chembl: string }>(
      sb,
      `SELECT a.trade_name AS trade, group_concat(d.chembl_id, ' ') AS chembl FROM approvals a
       JOIN approval_drugs d ON d.approval_key = a.key GROUP BY a.key ORDER BY a.trade_name`,
    ).map((r) => `${r.trade}: ${r.chembl.split(" ").sort().join(" ")}`);
    assert.deepEqual(links, [
      "ADVAIR DISKUS 250/50: CHEMBL1263 CHEMBL1473",
      "ADVAIR HFA: CHEMBL1263 CHEMBL1473",
      "ARNUITY ELLIPTA: CHEMBL1676",
      "DYMISTA: CHEMBL1473",
      "FLOVENT HFA: CHEMBL1473",
      "SEREVENT: CHEMBL1263",
      "TRELEGY ELLIPTA: CHEMBL1676",
    ]);
    // Advair's catalysts are still Advair's only, now also found through its molecules.
    const r = await get(sb, P.catalysts, {
      drugNames: "FLUTICASONE PROPIONATE; SALMETEROL XINAFOATE",
      windowDays: 1000,
    }, "pro");
    assert.deepEqual(
      [...new Set((r.body.data.events as { trade_name: string }[]).map((e) => e.trade_name))].sort(),
      ["ADVAIR DISKUS 250/50", "ADVAIR HFA"],
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("drug names as analysts mean them: a combination asks for the products holding all of its components (Orange Book fixture)", async () => {
  const dir = await Deno.makeTempDir({ prefix: "ri-combos-" });
  try {
    await importPublicData({ store: `${dir}/ri.db`, orangeBook: COMBOS, today: "2026-11-21" });
    await using sb = await startSandbox({ store: `${dir}/ri.db`, quiet: true });
    // The catalysts of a name: [trade name, event] pairs, sorted (patents by number, exclusivities by code).
    const events = async (drugNames: string) => {
      const r = await get(sb, P.catalysts, { drugNames, windowDays: 1000, limit: 500 }, "pro");
      assert.equal(r.status, 200, r.text);
      CatalystsResponse.parse(r.body);
      return (r.body.data.events as Record<string, string | null>[])
        .map((e) => `${e.trade_name} ${e.patent_no ?? e.exclusivity_code ?? e.type}`).sort();
    };
    const ADVAIR = ["ADVAIR DISKUS 250/50 7100001", "ADVAIR DISKUS 250/50 7100002", "ADVAIR HFA 7100003"];
    const TALICIA = ["TALICIA 7100004", "TALICIA 7100005", "TALICIA GAIN", "TALICIA NP"];
    // Advair as the Orange Book writes its ingredient: its own products only — not Flovent (fluticasone
    // propionate alone), Arnuity (furoate), Dymista (azelastine; fluticasone propionate), Trelegy, Serevent.
    assert.deepEqual(await events("FLUTICASONE PROPIONATE; SALMETEROL XINAFOATE"), ADVAIR);
    assert.deepEqual(await events("salmeterol; fluticasone propionate"), ADVAIR, "any order, salt folded");
    // Talicia: not Prilosec (omeprazole alone) nor Moxatag (amoxicillin alone).
    assert.deepEqual(await events("AMOXICILLIN; OMEPRAZOLE MAGNESIUM; RIFABUTIN"), TALICIA);
    assert.deepEqual(
      await events("omeprazole; amoxicillin"),
      TALICIA,
      "a subset names the products holding it",
    );
    // A single ingredient: its own products and the combinations holding it; a stated ester is kept.
    assert.deepEqual(await events("OMEPRAZOLE"), ["PRILOSEC 7100012", ...TALICIA].sort());
    assert.deepEqual(await events("amoxicillin"), ["MOXATAG 7100013", ...TALICIA].sort());
    assert.deepEqual(
      await events("FLUTICASONE PROPIONATE"),
      [...ADVAIR, "DYMISTA 7100008", "FLOVENT HFA 7100006"].sort(),
    );
    assert.deepEqual(
      await events("fluticasone furoate"),
      ["ARNUITY ELLIPTA 7100007", "TRELEGY ELLIPTA 7100009", "TRELEGY ELLIPTA 7100010"],
    );
    assert.equal(
      (await events("fluticasone")).length,
      3 + 1 + 1 + 1 + 2,
      "no ester stated: every fluticasone",
    );
    assert.deepEqual(await events("Advair HFA"), ["ADVAIR HFA 7100003"], "a trade name: its product");
    // Two names: each name's products (a list is a union of names, a name is not a union of components).
    assert.deepEqual(
      await events(
        "FLUTICASONE PROPIONATE; SALMETEROL XINAFOATE,AMOXICILLIN; OMEPRAZOLE MAGNESIUM; RIFABUTIN",
      ),
      [...ADVAIR, ...TALICIA].sort(),
    );
    assert.deepEqual(await events("salmeterol; rifabutin"), [], "no product holds both");

    // The regulatory landscape's drugNames: the same rule.
    const land = await get(
      sb,
      P.regLandscape,
      { drugNames: "FLUTICASONE PROPIONATE; SALMETEROL XINAFOATE" },
      "pro",
    );
    assert.equal(land.status, 200, land.text);
    const drugs = ["biologics", "small_molecules_modern", "commodities"].flatMap((k) =>
      land.body.data[k]
    ) as {
      generic_name: string;
      total_approvals: number;
    }[];
    assert.deepEqual(drugs.map((d) => d.total_approvals), [2], "Advair's two approvals only");
    // Grouped by components with a stated ester kept: propionate and furoate products are different drugs.
    const all = await get(sb, P.regLandscape, { drugNames: "fluticasone" }, "pro");
    assert.deepEqual(
      ["biologics", "small_molecules_modern", "commodities"].flatMap((k) => all.body.data[k])
        .map((d: { generic_name: string; total_approvals: number }) =>
          `${d.generic_name} ×${d.total_approvals}`
        )
        .sort(),
      [
        "azelastine; fluticasone propionate ×1",
        "fluticasone furoate ×1",
        "fluticasone furoate; umeclidinium; vilanterol ×1",
        "fluticasone propionate ×1",
        "fluticasone propionate; salmeterol ×2",
      ],
    );
    // The approvals search's ingredient (a partial match): a combination matches the products holding each part.
    const search = async (ingredient: string) =>
      ((await get(sb, P.approvals, { ingredient, limit: 100 }, "pro")).body.data as { trade_name: string }[])
        .map((r) => r.trade_name).sort();
    assert.deepEqual(await search("salmeterol xinafoate; fluticasone propionate"), [
      "ADVAIR DISKUS 250/50",
      "ADVAIR HFA",
    ]);
    assert.deepEqual(await search("OMEPRAZOLE"), ["PRILOSEC", "TALICIA"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
