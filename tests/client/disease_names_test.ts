/**
 * The disease name and MeSH id rules (lib/client/names.ts) the import, the linking step, autocomplete and the
 * client's CURIE check share (issue 43).
 */
import assert from "node:assert/strict";
import { diseaseKey, meshUi } from "../../lib/client/names.ts";
import { normaliseCurie } from "../../lib/client/params.ts";

Deno.test("meshUi: a padded snapshot's id as MeSH issued it; ids issued in 10 characters stay", () => {
  const cases: [string, string][] = [
    ["D000007938", "D007938"], // Leukemia, as snapshots up to mid-2024 write it
    ["D007938", "D007938"], // as later snapshots write it
    ["d000001249", "D001249"],
    ["D000066276", "D066276"], // the 7-character descriptors end in D066xxx …
    ["D000066388", "D000066388"], // … and 10-character ones start there (NLM, late 2013)
    ["D000077143", "D000077143"], // docetaxel, issued in 10 characters
    ["C000012345", "C012345"], // a supplementary concept of before late 2013
    ["C000628576", "C000628576"], // AZD7624, issued in 10 characters
    ["Q000009", "Q000009"],
  ];
  for (const [id, want] of cases) assert.equal(meshUi(id), want, id);
  assert.equal(normaliseCurie("MESH:D000007938"), "MESH:D007938");
  assert.equal(normaliseCurie("mesh_D000007938"), "MESH:D007938");
  assert.equal(normaliseCurie("MESH:D000077143"), "MESH:D000077143");
  assert.equal(normaliseCurie("EFO_0000311"), "EFO:0000311");
});

Deno.test("diseaseKey: case, accents, punctuation and plurals aside; letters of any script kept", () => {
  const same = [
    ["Leukemia", "LEUKEMIAS", "leukemia."],
    ["Diabetes Mellitus, Type 2", "diabetes mellitus type 2"],
    ["Allergies", "Allergy"],
    ["Mental Disorder", "Mental Disorders"],
    ["Sjögren's Syndrome", "Sjogren Syndrome"],
    ["Alzheimer's Disease", "Alzheimer Disease", "Alzheimer’s disease"],
  ];
  for (const names of same) assert.equal(new Set(names.map(diseaseKey)).size, 1, names.join(" / "));
  const apart = [["α-Thalassemia", "β-Thalassemia"], ["Sclerosis", "Scleros"], ["Stress", "Stres"]];
  for (const [a, b] of apart) assert.notEqual(diseaseKey(a), diseaseKey(b), `${a} / ${b}`);
  assert.equal(diseaseKey("Sjögren's Syndrome"), "sjogren syndrome");
});
