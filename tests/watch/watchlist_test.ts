/**
 * The watchlist format: errors name the file, the line and the field; defaults are filled in.
 */
import assert from "node:assert/strict";
import { parseWatchlist, WatchlistError } from "../../lib/watch/mod.ts";

function error(text: string): WatchlistError {
  try {
    parseWatchlist(text, "team.json");
  } catch (e) {
    if (e instanceof WatchlistError) return e;
    throw e;
  }
  throw new Error("expected a WatchlistError");
}

Deno.test("parseWatchlist() names the line and field of a mistyped analysis, key, endpoint and flag", () => {
  const text = [
    "{", // 1
    '  "store": "snap",', // 2
    '  "analyses": [', // 3
    '    { "name": "onc", "analysis": "portfolioOverlp" },', // 4
    '    { "name": "cat", "analysis": "catalystCalendar",', // 5
    '      "paramz": { "sponsors": ["Pfizer"] } },', // 6
    '    { "name": "t", "endpoint": "trials.nope" }', // 7
    "  ],", // 8
    '  "alerts": "yes"', // 9
    "}",
  ].join("\n");
  const e = error(text);
  assert.equal(e.line, 4);
  assert.equal(e.field, "analyses[0].analysis");
  assert.match(e.message, /^team\.json line 4: analyses\[0\]\.analysis must be one of portfolioOverlap, /m);
  assert.match(e.message, /^team\.json line 6: analyses\[1\]\.paramz is not a watchlist field/m);
  assert.match(e.message, /^team\.json line 7: analyses\[2\]\.endpoint must be a list endpoint/m);
  assert.match(e.message, /^team\.json line 9: alerts must be true or false/m);
});

Deno.test("parseWatchlist() names a parameter the analysis does not take, at its line, in the watchlist's words", () => {
  const text = [
    "{", // 1
    '  "analyses": [', // 2
    '    { "name": "cat", "analysis": "catalystCalendar",', // 3
    '      "params": {', // 4
    '        "sponsor": "Pfizer" } }', // 5
    "  ]", // 6
    "}",
  ].join("\n");
  // Before: accepted, and the run failed with the service's words ("Invalid combination for
  // regulatory.catalysts: pass at least one of sponsor, indication, drugNames, lei, ticker [GET /api/v1/…]").
  const e = error(text);
  assert.equal(e.line, 5);
  assert.equal(e.field, "analyses[0].params.sponsor");
  assert.match(
    e.message,
    /^team\.json line 5: analyses\[0\]\.params\.sponsor is not a parameter of catalystCalendar; did you mean 'sponsors'\? \(it takes sponsors, tickers, /m,
  );
  assert.doesNotMatch(e.message, /regulatory\.catalysts|\/api\//);
  // A value the analysis rejects, or no entity at all: at its line, before any request.
  const none = error(
    '{"analyses": [\n  {"name": "c", "analysis": "catalystCalendar", "params": {}},\n' +
      '  {"name": "o", "analysis": "portfolioOverlap", "params": {"sponsors": "Pfizer", "condition": "x"}}\n]}',
  );
  assert.match(
    none.message,
    /^team\.json line 2: analyses\[0\]\.params\.sponsors is required, or one of tickers, leis/m,
  );
  assert.match(
    none.message,
    /^team\.json line 3: analyses\[1\]\.params\.sponsors must be a list, got "Pfizer"; pass \["Pfizer"\]/m,
  );
  // Endpoint items keep the endpoint's own parameters (checked by the client).
  parseWatchlist('{"analyses":[{"name":"t","endpoint":"trials.search","params":{"search":"x"}}]}');
});

Deno.test("parseWatchlist() reports a JSON syntax error with its line and a missing field at its item", () => {
  const syntax = error('{\n  "analyses": [\n    { "name": "a", "analysis": "sponsorScan", }\n  ]\n}');
  assert.equal(syntax.line, 3);
  assert.match(syntax.message, /^team\.json line 3 column \d+: not valid JSON/);
  const missing = error('{\n  "analyses": [\n    { "analysis": "sponsorScan" }\n  ]\n}');
  assert.equal(missing.line, 3);
  assert.match(missing.message, /analyses\[0\]\.name is required/);
  const both = error('{"analyses": [{"name": "a", "analysis": "sponsorScan", "endpoint": "trials.search"}]}');
  assert.match(both.message, /exactly one of "analysis" or "endpoint"/);
  assert.match(error('{"analyses": []}').message, /list at least one analysis/);
  assert.match(
    error('{"alerts": true, "analyses": [{"name": "alerts", "analysis": "sponsorScan"}]}').message,
    /'alerts' is reserved/,
  );
});

Deno.test("parseWatchlist() fills defaults", () => {
  const w = parseWatchlist('{"analyses": [{"name": "lung", "endpoint": "trials.search"}]}');
  assert.deepEqual(w, {
    store: "watch",
    alerts: false,
    analyses: [{ name: "lung", endpoint: "trials.search", params: {} }],
  });
});
