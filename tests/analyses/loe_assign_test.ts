/**
 * The loss-of-exclusivity matcher's documented order, as an analyst reads it (`_loe_match.ts`): a drug's
 * Medicare rows are its generic name's (equal, or equal once salt/hydrate words are dropped), else the
 * rows of its forms' molecule ids, else the rows of its brand names; across drugs every name match is
 * served first, then molecule ids, then brands, so each Medicare row counts for one drug only.
 */
import assert from "node:assert/strict";
import { assignRows, baseName, medicareIndex } from "../../lib/analyses/_loe_match.ts";

type Row = { key: string; generic_name: string; brand_names: string[] | null; molecule_id: string | null };
const row = (
  key: string,
  generic_name: string,
  brand_names: string[] | null = [],
  molecule_id = null as
    | string
    | null,
): Row => ({ key, generic_name, brand_names, molecule_id });
const keys = (rows: readonly Row[]) => rows.map((r) => r.key).sort();
/** An assignment with its `takenBy` names in order (their order is not part of the contract). */
const sorted = <T extends { takenBy: string[] }>(a: T | undefined) =>
  a && { ...a, takenBy: a.takenBy.toSorted() };

Deno.test("baseName() reads a name in parentheses or after a comma as words, and keeps inner words", () => {
  assert.equal(baseName("Examplinib (Mesylate)"), "examplinib");
  assert.equal(baseName("Examplinib,Mesylate"), "examplinib");
  assert.equal(baseName("  Examplinib   Mesylate  "), "examplinib");
  assert.equal(baseName("Examplol Dimeglumine"), "examplol");
  assert.equal(baseName("Mesylate"), "mesylate", "a name that is only a form word stays");
  assert.equal(baseName("Sodium Chloride"), "sodium", "the last word goes, not the first");
});

Deno.test("match(): the generic name, exact or once salt words are dropped, before ids and brands", () => {
  const rows = [
    row("m1", "Examplinib Mesylate", ["Brandex"], "CHEMBL1"),
    row("m2", "Examplinib", ["Brandex"], "CHEMBL1"),
    row("o1", "Otherol", ["Brandex"], "CHEMBL9"),
  ];
  const index = medicareIndex(rows);
  const exact = index.match("  EXAMPLINIB ", ["Brandex"], ["CHEMBL9"]);
  assert.deepEqual({ keys: keys(exact.rows), method: exact.method }, {
    keys: ["m1", "m2"],
    method: "exact_generic",
  });
  const salt = medicareIndex([rows[0], rows[2]]).match("Examplinib", ["Brandex"], ["CHEMBL9"]);
  assert.deepEqual({ keys: keys(salt.rows), method: salt.method }, { keys: ["m1"], method: "salt_form" });
  const hydrate = medicareIndex([rows[0]]).match("Examplinib Mesylate Monohydrate", []);
  assert.equal(hydrate.method, "salt_form", "no row's generic name is the drug's own: a salt form");
});

Deno.test("match(): molecule ids of the drug's forms when no name matches, each row once", () => {
  const rows = [
    row("a", "Alphamab", ["Brandex"], "CHEMBL1"),
    row("b", "Alphamab-xyz", [], "CHEMBL2"),
    row("c", "Unrelated", ["Brandex"], null),
  ];
  const m = medicareIndex(rows).match("Alphamab Pegol", ["Brandex"], ["CHEMBL1", "CHEMBL2", "CHEMBL1"]);
  assert.deepEqual({ keys: m.rows.map((r) => r.key), method: m.method }, {
    keys: ["a", "b"],
    method: "molecule_id",
  });
  const none = medicareIndex(rows).match("Alphamab Pegol", [], ["CHEMBL7"]);
  assert.deepEqual({ keys: keys(none.rows), method: none.method }, { keys: [], method: "no match" });
  assert.equal(medicareIndex(rows).match("Unrelated Drug", [], []).method, "no match");
});

Deno.test("match(): brand names, trimmed and any case, when names and ids fail; null brands are none", () => {
  const rows = [
    row("a", "Alphamab", [" BrandEx "], null),
    row("b", "Betamab", ["brandex", "Other"], "CHEMBL5"),
    row("c", "Gammamab", null, null),
  ];
  const m = medicareIndex(rows).match("Deltamab", [" BRANDEX "], ["CHEMBL404"]);
  assert.deepEqual({ keys: m.rows.map((r) => r.key), method: m.method }, {
    keys: ["a", "b"],
    method: "brand_name",
  });
  assert.equal(medicareIndex(rows).match("Deltamab", ["Gammamab"]).method, "no match");
  assert.equal(medicareIndex(rows).match("Deltamab", []).rows.length, 0);
});

Deno.test("assignRows(): names are served before ids and brands, so a shared brand counts once", () => {
  const rows = [
    row("x", "Xanib", ["Duo"], "CHEMBL1"),
    row("y", "Yanib", ["Duo"], "CHEMBL2"),
  ];
  const index = medicareIndex(rows);
  // "Aduo" sorts first but matches by brand only; "Xanib" and "Yanib" match by name and are served first.
  const out = assignRows(index, [
    { drug: "Aduo", tradeNames: ["Duo"], forms: [] },
    { drug: "Yanib", tradeNames: ["Duo"], forms: [] },
    { drug: "Xanib", tradeNames: ["Duo"], forms: [] },
  ]);
  assert.deepEqual(keys(out.get("Xanib")!.rows), ["x"]);
  assert.deepEqual(keys(out.get("Yanib")!.rows), ["y"]);
  assert.deepEqual(out.get("Xanib")!.takenBy, []);
  assert.deepEqual(sorted(out.get("Aduo")), { rows: [], method: "no match", takenBy: ["Xanib", "Yanib"] });
});

Deno.test("assignRows(): ids are served before brands; within a method the first name alphabetically", () => {
  const rows = [
    row("p", "Pform", ["Shared"], "CHEMBL1"),
    row("q", "Qform", ["Shared"], null),
  ];
  const out = assignRows(medicareIndex(rows), [
    { drug: "Bbrand", tradeNames: ["Shared"], forms: [] },
    { drug: "Zid", tradeNames: [], forms: ["CHEMBL1"] },
    { drug: "Abrand", tradeNames: ["Shared"], forms: [] },
  ]);
  assert.deepEqual(out.get("Zid"), { rows: [rows[0]], method: "molecule_id", takenBy: [] });
  assert.deepEqual(out.get("Abrand"), { rows: [rows[1]], method: "brand_name", takenBy: [] });
  assert.deepEqual(sorted(out.get("Bbrand")), { rows: [], method: "no match", takenBy: ["Abrand", "Zid"] });
});

Deno.test("assignRows(): a salt-form name match is served with the exact ones, before ids", () => {
  const rows = [row("s", "Tanib Mesylate", [], "CHEMBL3"), row("e", "Eanib", [], "CHEMBL4")];
  const out = assignRows(medicareIndex(rows), [
    { drug: "Aid", tradeNames: [], forms: ["CHEMBL3", "CHEMBL4"] },
    { drug: "Tanib", tradeNames: [], forms: [] },
    { drug: "Eanib", tradeNames: [], forms: [] },
  ]);
  assert.equal(out.get("Tanib")!.method, "salt_form");
  assert.equal(out.get("Eanib")!.method, "exact_generic");
  assert.deepEqual(sorted(out.get("Aid")), { rows: [], method: "no match", takenBy: ["Eanib", "Tanib"] });
});
