/**
 * Resolving an analysis input (lib/analyses/_resolve_entity.ts): each kind against the raw service, and
 * the closest-name rule (prefix lookups, ranking by edit distance, at most five) with a recording lookup.
 *
 * @module
 */
import assert from "node:assert/strict";
import {
  closestHint,
  closestNames,
  diseaseLookup,
  type Lookup,
  resolveEntity,
  sameName,
} from "../../lib/analyses/_resolve_entity.ts";
import { createClient } from "../../lib/client/mod.ts";
import { raw, withSandbox } from "../frames/_raw.ts";
import { hostile } from "../_hostile.ts";

const AUTOCOMPLETE = "/api/v1/tools/resolution/autocomplete";

/** A lookup answering `answers[query]` (nothing otherwise), recording every query. */
function recording(answers: Record<string, string[]>, fail = false) {
  const queries: string[] = [];
  const lookup: Lookup = (q) => {
    queries.push(q);
    return fail
      ? Promise.reject(new Error("down"))
      : Promise.resolve((answers[q] ?? []).map((name) => ({ name })));
  };
  return { lookup, queries };
}

Deno.test("sameName(): equal once trimmed, inner spaces made one and case folded; nothing looser", () => {
  assert.ok(sameName(" Pfizer  Inc ", "pfizer inc"));
  assert.ok(sameName("Merck\t& Co", "MERCK & CO"));
  assert.ok(!sameName("Pfizer", "Pfizer Inc"));
  assert.ok(!sameName("Pfizer Inc.", "Pfizer Inc"));
  assert.ok(!sameName("Pfizer Inc", "PfizerInc"), "a space is not nothing");
  assert.equal(closestHint([]), "");
  assert.equal(closestHint(["A", "B"]), "; closest: A, B");
});

Deno.test("closestNames(): the value's rows, then its first word and 4-, 3-, 2-letter prefixes, until five names", async () => {
  const { lookup, queries } = recording({ "Ac": ["Acme Biotech"] });
  assert.deepEqual(await closestNames(lookup, " Acme Bio "), ["Acme Biotech"]);
  assert.deepEqual(queries, ["Acme Bio", "Acme", "Acm", "Ac"], "each prefix once, never the value again");
  // Rows already fetched are not fetched again; a two-letter value has no shorter prefix.
  const two = recording({});
  await closestNames(two.lookup, "Ab", [{ name: "Abc" }]);
  assert.deepEqual(two.queries, []);
  // The first word and the 4-letter prefix differ here.
  const words = recording({});
  await closestNames(words.lookup, "Pharmacia Upjohn");
  assert.deepEqual(words.queries, ["Pharmacia Upjohn", "Pharmacia", "Phar", "Pha", "Ph"]);
  // Five names found: no further lookups.
  const five = recording({ "acm": ["Acm", "Acne", "Bcme", "Acmee", "Ac"] });
  assert.deepEqual((await closestNames(five.lookup, "acme")).length, 5);
  assert.deepEqual(five.queries, ["acme", "acm"]);
});

Deno.test("closestNames(): ranked by edit distance, then the shorter name; far names dropped; at most five", async () => {
  // Distances to "acme": Acm 1, Acne 1, Acmee 1, Bcmex 2, Ac 2, "Acme Pharma Group" 3 (its first 7 letters,
  // "acme ph": a long name is compared on the value's length + 3), Zebra 5 (over 3: dropped).
  const { lookup } = recording({
    "ac": ["Acme Pharma Group", "Zebra", "Acmee", "Bcmex", "Ac", "Acne"],
    "acm": ["Acm"],
  });
  assert.deepEqual(await closestNames(lookup, "acme"), ["Acm", "Acne", "Acmee", "Ac", "Bcmex"]);
  const few = recording({ "ac": ["Zebra", "Bdnf", "Acme Pharma Group"] }); // Bdnf: 4 edits, over 3
  assert.deepEqual(await closestNames(few.lookup, "acme"), ["Acme Pharma Group"]);
  // A long value tolerates half its length: "pharmaceutical" (14 letters) keeps "pharmacy xyz" (7 edits
  // on its first 17 letters), not "pharmakon" (8).
  const long = recording({ "phar": ["Pharmakon", "Pharmacy Xyz"] });
  assert.deepEqual(await closestNames(long.lookup, "pharmaceutical"), ["Pharmacy Xyz"]);
  // A one-letter value compares the first 4 letters: "xa p" is 3 edits from "x".
  const one = recording({ "X": ["Xa Pharma"] });
  assert.deepEqual(await closestNames(one.lookup, "X"), ["Xa Pharma"]);
});

Deno.test("closestNames(): a failing lookup gives no names and never throws", async () => {
  const { lookup, queries } = recording({}, true);
  assert.deepEqual(await closestNames(lookup, "Acme Bio"), []);
  assert.equal(queries.length, 4);
});

Deno.test("resolveEntity(): a sponsor by exact autocomplete name, an LEI by its ticker mapping, a ticker not at all", async () => {
  await withSandbox(async (sb, ri) => {
    const rows = (await raw(sb, AUTOCOMPLETE, { query: "pfizer", limit: 10 })).data as { name: string }[];
    const exact = rows.find((r) => r.name.toLowerCase() === "pfizer")!.name;
    assert.deepEqual(await resolveEntity(ri, "sponsor", "  pfizer "), {
      resolved: true,
      name: exact,
      suggestions: [],
      note: "organization autocomplete",
    });
    const typo = await resolveEntity(ri, "sponsor", "Pfzer");
    assert.equal(typo.resolved, false);
    assert.equal(typo.name, null);
    assert.ok(typo.suggestions.includes(exact), JSON.stringify(typo));
    const lei = sb.store.db.prepare("SELECT lei, ticker FROM sec_entities WHERE ticker = 'PFE'").get() as {
      lei: string;
      ticker: string;
    };
    const mapping = await raw(sb, "/api/v1/tools/financials/lei-to-ticker", { lei: lei.lei });
    const viaLei = await resolveEntity(ri, "lei", lei.lei);
    assert.equal(viaLei.resolved, null);
    assert.equal(viaLei.name, mapping.data.name ?? null);
    assert.match(viaLei.note, /^LEI maps to .*PFE/);
    // An LEI with two SEC tickers names both.
    const two = "213800O6UTFQ6XJG8P16";
    const both = (await raw(sb, "/api/v1/tools/financials/lei-to-ticker", { lei: two })).data;
    assert.equal(both.secEntities.length, 2, "fixture: two tickers");
    assert.deepEqual(await resolveEntity(ri, "lei", two), {
      resolved: null,
      name: both.name,
      suggestions: [],
      note: `LEI maps to ${both.secEntities.map((t: { ticker: string }) => t.ticker).join(", ")}`,
    });
    const unmapped = await resolveEntity(ri, "lei", "549300ZZZZZZZZZZZZZZ");
    assert.deepEqual([unmapped.resolved, unmapped.note], [null, "the LEI has no SEC ticker mapping"]);
    assert.deepEqual(await resolveEntity(ri, "ticker", "PFE"), {
      resolved: null,
      name: null,
      suggestions: [],
      note: "a ticker cannot be looked up on its own",
    });
    const diseases = await closestNames(diseaseLookup(ri), "brest cancer");
    assert.ok(diseases.includes("breast cancer"), JSON.stringify(diseases));
  });
});

Deno.test("resolveEntity(): a failing lookup cannot tell (resolved null) and says why", async () => {
  const svc = hostile(() => Response.json({ success: false, error: "bad request" }, { status: 400 }));
  try {
    const ri = createClient({ baseUrl: svc.url, apiKey: "test-key", retry: 0 });
    for (const kind of ["sponsor", "lei"]) {
      const r = await resolveEntity(ri, kind, kind === "lei" ? "549300ZZZZZZZZZZZZZZ" : "Acme");
      assert.deepEqual([r.resolved, r.name], [null, null], kind);
      assert.match(r.note, /^lookup failed: /, kind);
    }
  } finally {
    await svc.close();
  }
});

Deno.test("resolveOrganization(): the service's resolution when it says one, else derived from the spec's row fields", async () => {
  const { importPublicData } = await import("../../lib/sandbox/import/mod.ts");
  const { startSandbox } = await import("../../lib/sandbox/mod.ts");
  const { resolveOrganization } = await import("../../lib/analyses/_resolve_entity.ts");
  const dir = await Deno.makeTempDir({ prefix: "ri-resolve-org-" });
  try {
    const store = `${dir}/ri.db`;
    const ob = new URL("../fixtures/public/orange_book_families/", import.meta.url).pathname;
    await importPublicData({ store, orangeBook: ob, today: "2026-01-15" });
    for (const profile of ["full", "spec-minimal"] as const) {
      await using sb = await startSandbox({ store, quiet: true, profile });
      const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
      const derived = profile === "spec-minimal";
      const pfizer = await resolveOrganization(ri, "Pfizer");
      assert.equal(pfizer.derived, derived);
      assert.equal(pfizer.status, "resolved", profile);
      assert.equal(pfizer.families[0].units.some((u) => u.name === "PFIZER INC"), true);
      // Pfizer's five units: as the service says them, or derived on the spec's terms from the names
      // (autocomplete rows and the approvals' applicant names), as the report's Sponsors table finds them.
      assert.equal(pfizer.families[0].units.length, 5, profile);
      const merck = await resolveOrganization(ri, "Merck");
      assert.equal(merck.status, "ambiguous", profile);
      const names = merck.families.map((f) => f.name).join("; ");
      assert.match(names, /MERCK KGAA/, profile);
      assert.match(names, /MERCK (AND CO INC|SHARP)/, profile);
      // The analyses' sponsor check (catalysts, portfolio) follows the same answer.
      const pf = await resolveEntity(ri, "sponsor", "Pfizer");
      assert.deepEqual([pf.resolved, pf.name], [true, "PFIZER INC"], profile);
      const mk = await resolveEntity(ri, "sponsor", "Merck");
      assert.equal(mk.resolved, false, profile);
      assert.ok(mk.suggestions.some((n) => /KGAA/.test(n)), `${profile}: ${mk.suggestions.join(", ")}`);
      const typo = await resolveOrganization(ri, "Pfzer");
      assert.equal(typo.status, "unresolved", profile);
      assert.ok(typo.suggestions.includes("PFIZER INC"), `${profile}: ${typo.suggestions.join(", ")}`);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
