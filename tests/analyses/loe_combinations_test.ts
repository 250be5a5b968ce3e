/**
 * Loss of exclusivity and the catalyst calendar for combination drugs, over HTTP on an imported Orange Book
 * and Part D (tests/fixtures/public/orange_book_combos): a combination asks for the products holding all of
 * its components, and a product's Part D spending is its own rows' — Advair's rows ("Fluticasone/Salmeterol")
 * are Advair's, not Flovent's (fluticasone propionate alone), and Flovent's are not Advair's.
 */
import assert from "node:assert/strict";
import { catalystCalendar, lossOfExclusivity } from "../../lib/analyses/mod.ts";
import { createClient } from "../../lib/client/mod.ts";
import { importPublicData } from "../../lib/sandbox/import/mod.ts";
import { startSandbox } from "../../lib/sandbox/mod.ts";
import { HANDLERS } from "../../lib/sandbox/handlers/mod.ts";

const FX = new URL("../fixtures/public/orange_book_combos/", import.meta.url).pathname;

Deno.test("loss of exclusivity and the catalyst calendar: a combination is its own products and its own Part D rows", async () => {
  const dir = await Deno.makeTempDir({ prefix: "ri-loe-combos-" });
  try {
    const store = `${dir}/ri.db`;
    await importPublicData({
      store,
      orangeBook: FX,
      partD: `${FX}part_d_spending_by_drug.csv`,
      today: "2026-11-21",
    });
    await using sb = await startSandbox({ store, quiet: true });
    const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
    const drugs = async (drugNames: string[]) => {
      const r = await lossOfExclusivity(ri, { drugNames, horizonYears: 2 });
      assert.match(r.definitions?.drugNames ?? "", /products holding all of its components/);
      return (r.drugs.toRecords() as Record<string, unknown>[])
        .map((d) => [d.drug_name, d.match_method, d.part_d_spending]).sort((a, b) =>
          String(a[0]).localeCompare(String(b[0]))
        );
    };
    // Advair: its two products, priced by Part D's "Fluticasone/Salmeterol" rows (1.2 + 0.6 billion).
    assert.deepEqual(await drugs(["FLUTICASONE PROPIONATE; SALMETEROL XINAFOATE"]), [
      ["fluticasone propionate; salmeterol xinafoate", "salt_form", 1.8e9],
    ]);
    // Talicia: its own product only (not Prilosec's omeprazole nor Moxatag's amoxicillin).
    assert.deepEqual(await drugs(["AMOXICILLIN; OMEPRAZOLE MAGNESIUM; RIFABUTIN"]), [
      ["amoxicillin; omeprazole magnesium; rifabutin", "salt_form", 5e6],
    ]);
    // A single ingredient: its own products and the combinations holding it, each priced by its own rows.
    assert.deepEqual(await drugs(["fluticasone propionate"]), [
      ["azelastine hydrochloride; fluticasone propionate", "salt_form", 3e7],
      ["fluticasone propionate", "exact_generic", 4e8],
      ["fluticasone propionate; salmeterol xinafoate", "salt_form", 1.8e9],
    ]);

    // The catalyst calendar: Advair's events only.
    const cal = await catalystCalendar(ri, {
      drugNames: ["FLUTICASONE PROPIONATE; SALMETEROL XINAFOATE"],
      windowDays: 1000,
    });
    const trades = [...new Set(cal.events.getColumn("trade_name").toArray() as string[])].sort();
    assert.deepEqual(trades, ["ADVAIR DISKUS 250/50", "ADVAIR HFA"]);
    assert.match(cal.definitions?.drugNames ?? "", /products holding all of its components/);

    // A service that reads a combination as the union of its components (what the sandbox did before):
    // the calendar still keeps Advair's events only, and says how many it left out.
    await using union = await startSandbox({
      store,
      quiet: true,
      handlers: {
        "regulatory.catalysts": (ctx) =>
          HANDLERS["regulatory.catalysts"]({
            ...ctx,
            params: { ...ctx.params, drugNames: String(ctx.params.drugNames).split(/\s*;\s*/).join(",") },
          }),
      },
    });
    const loose = await catalystCalendar(createClient({ baseUrl: union.url, apiKey: union.keys.pro }), {
      drugNames: ["FLUTICASONE PROPIONATE; SALMETEROL XINAFOATE"],
      windowDays: 1000,
    });
    assert.deepEqual(
      [...new Set(loose.events.getColumn("trade_name").toArray() as string[])].sort(),
      ["ADVAIR DISKUS 250/50", "ADVAIR HFA"],
    );
    const w = loose.warnings.find((x) => x.code === "combination-partial-products");
    // The union's extra events: Flovent's and Dymista's (fluticasone propionate), Serevent's (salmeterol).
    assert.match(w?.message ?? "", /^3 events of products holding only some components of FLUTICASONE/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
