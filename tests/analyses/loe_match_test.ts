/**
 * The salt/ester words the loss-of-exclusivity matcher drops are the published list (Berge, Bighley &
 * Monkhouse 1977, Table I: FDA-approved commercially marketed salts), not the sandbox's vocabulary.
 */
import assert from "node:assert/strict";
import { baseName } from "../../lib/analyses/_loe_match.ts";

/** Berge et al. 1977, Table I (anions, organic and metallic cations), as USP/USAN names write them. */
const TABLE_I = [
  "acetate",
  "besylate",
  "benzoate",
  "bicarbonate",
  "bitartrate",
  "bromide",
  "calcium edetate",
  "camsylate",
  "carbonate",
  "chloride",
  "citrate",
  "dihydrochloride",
  "edetate",
  "edisylate",
  "estolate",
  "esylate",
  "fumarate",
  "gluceptate",
  "gluconate",
  "glutamate",
  "glycollylarsanilate",
  "hexylresorcinate",
  "hydrabamine",
  "hydrobromide",
  "hydrochloride",
  "hydroxynaphthoate",
  "iodide",
  "isethionate",
  "lactate",
  "lactobionate",
  "malate",
  "maleate",
  "mandelate",
  "mesylate",
  "methylbromide",
  "methylnitrate",
  "methylsulfate",
  "mucate",
  "napsylate",
  "nitrate",
  "pamoate",
  "embonate",
  "pantothenate",
  "phosphate",
  "diphosphate",
  "polygalacturonate",
  "salicylate",
  "stearate",
  "subacetate",
  "succinate",
  "sulfate",
  "tannate",
  "tartrate",
  "teoclate",
  "triethiodide",
  "benzathine",
  "chloroprocaine",
  "choline",
  "diethanolamine",
  "ethylenediamine",
  "meglumine",
  "procaine",
  "aluminum",
  "calcium",
  "lithium",
  "magnesium",
  "potassium",
  "sodium",
  "zinc",
]; // deno-fmt-ignore

Deno.test("baseName() drops every salt of the published list, in any case, and hydrates after it", () => {
  for (const salt of TABLE_I) {
    assert.equal(baseName(`Examplinib ${salt}`), "examplinib", salt);
    assert.equal(baseName(`EXAMPLINIB ${salt.toUpperCase()} MONOHYDRATE`), "examplinib", salt);
  }
});

Deno.test("baseName() keeps a one-word name and words that are not forms", () => {
  assert.equal(baseName("Sodium"), "sodium");
  assert.equal(baseName("Potassium Chloride"), "potassium");
  assert.equal(baseName("Insulin Glargine"), "insulin glargine");
  assert.equal(baseName("Olmesartan Medoxomil"), "olmesartan");
  assert.equal(baseName("Lapatinib Ditosylate"), "lapatinib");
});
