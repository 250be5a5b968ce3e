/**
 * The watchlist format rule by rule (lib/watch/watchlist.ts): the bounds of a snapshot name and of the
 * store/out folders, names used twice, the reserved alerts name, and how every problem is reported (the
 * file, the line, the field path as a user writes it, one line per problem, the first in `line`/`field`).
 */
import assert from "node:assert/strict";
import { MAX_PATH } from "../../lib/client/guards.ts";
import { MAX_SNAPSHOT_NAME, parseWatchlist, WatchlistError } from "../../lib/watch/mod.ts";

function error(text: string, file?: string): WatchlistError {
  try {
    file === undefined ? parseWatchlist(text) : parseWatchlist(text, file);
  } catch (e) {
    if (e instanceof WatchlistError) return e;
    throw e;
  }
  throw new Error(`expected a WatchlistError for ${text}`);
}

const item = (name: string) => ({ name, endpoint: "trials.search" });
const list = (w: Record<string, unknown>) => JSON.stringify(w, null, 2);

Deno.test("a snapshot name is at most MAX_SNAPSHOT_NAME characters (it names a folder)", () => {
  const longest = "n".repeat(MAX_SNAPSHOT_NAME);
  assert.equal(parseWatchlist(list({ analyses: [item(longest)] })).analyses[0].name, longest);
  const e = error(list({ analyses: [item(`${longest}x`)] }));
  assert.equal(e.field, "analyses[0].name");
  assert.match(
    e.message,
    new RegExp(`name must be at most ${MAX_SNAPSHOT_NAME} characters \\(it names a folder\\)`),
  );
});

Deno.test("store and out are folder paths: not empty, no control character, at most MAX_PATH long", () => {
  const ok = parseWatchlist(list({ store: "s/t", out: "r", analyses: [item("a")] }));
  assert.deepEqual([ok.store, ok.out], ["s/t", "r"]);
  assert.equal(
    parseWatchlist(list({ store: "x".repeat(MAX_PATH), analyses: [item("a")] })).store.length,
    MAX_PATH,
  );
  const cases: [Record<string, unknown>, string, RegExp][] = [
    [{ store: "" }, "store", /store must be a folder path, e\.g\. "watch"/],
    [{ out: "" }, "out", /out must be a folder path/],
    [{ store: "a\u0000b" }, "store", /store "a\\u0000b" contains the control character U\+0000 at 2/],
    [{ out: "r\u0007" }, "out", /out "r\\u0007" contains the control character U\+0007 at 2/],
    [
      { store: "x".repeat(MAX_PATH + 1) },
      "store",
      new RegExp(`is ${MAX_PATH + 1} characters long \\(at most ${MAX_PATH}\\)`),
    ],
  ];
  for (const [fields, field, message] of cases) {
    const e = error(list({ ...fields, analyses: [item("a")] }));
    assert.equal(e.field, field, JSON.stringify(fields));
    assert.match(e.message, message);
  }
});

Deno.test("a name used twice is reported at its second use; 'alerts' is reserved only when alerts are on", () => {
  const text = list({ analyses: [item("a"), item("b"), item("a")] });
  const e = error(text, "team.json");
  assert.equal(e.field, "analyses[2].name");
  assert.equal(e.line, text.split("\n").findLastIndex((l) => l.includes('"name": "a"')) + 1);
  assert.equal(e.message, `team.json line ${e.line}: analyses[2].name "a" is used twice`);
  assert.equal(parseWatchlist(list({ analyses: [item("alerts")] })).analyses[0].name, "alerts");
  const reserved = error(list({ alerts: true, analyses: [item("x"), item("alerts")] }));
  assert.equal(reserved.field, "analyses[1].name");
  assert.match(
    reserved.message,
    /analyses\[1\]\.name 'alerts' is reserved for the alerts when "alerts" is true/,
  );
});

Deno.test("every problem is one line naming the file and the field; the first gives line and field", () => {
  const text = list({ store: 3, analyses: [{ name: "a" }], extra: 1 });
  const e = error(text);
  assert.equal(e.name, "WatchlistError");
  const lines = e.message.split("\n");
  assert.ok(lines.length >= 3, e.message);
  for (const l of lines) assert.match(l, /^watchlist\.json line \d+: /);
  assert.equal(e.field, "store");
  assert.equal(e.line, 2);
  assert.ok(
    lines.some((l) =>
      /^watchlist\.json line 8: extra is not a watchlist field \(the top level has store, out, analyses, alerts\)$/
        .test(l)
    ),
    e.message,
  );
  assert.ok(
    lines.some((l) => /line 4: analyses\[0\] give exactly one of "analysis" or "endpoint"/.test(l)),
    e.message,
  );
  const unknown = error(list({ analyses: [{ ...item("a"), paramz: {} }] }));
  assert.match(
    unknown.message,
    /analyses\[0\]\.paramz is not a watchlist field \(an item has name, analysis, endpoint, params\)$/,
  );
  assert.equal(unknown.field, "analyses[0].paramz");
});

Deno.test("a whole file of the wrong shape is reported at the top level, line 1", () => {
  const e = error("[1, 2]");
  assert.equal(e.field, "(top level)");
  assert.equal(e.line, 1);
  assert.match(e.message, /^watchlist\.json line 1: \(top level\) /);
  assert.doesNotMatch(e.message, /is required/, "a wrong type is not a missing field");
  const missing = error("{}");
  assert.equal(missing.field, "analyses");
  assert.match(missing.message, /^watchlist\.json line 1: analyses is required$/);
  const wrongType = error(list({ analyses: [{ name: 5, endpoint: "trials.search" }] }));
  assert.match(wrongType.message, /analyses\[0\]\.name Invalid input: expected string, received number/);
});

Deno.test("a misspelt analysis gets the closest name; a misspelt other field or a non-text analysis gets none", () => {
  assert.match(
    error(list({ analyses: [{ name: "a", analysis: "sponsorScna" }] })).message,
    /did you mean 'sponsorScan'\?/,
  );
  assert.doesNotMatch(error(list({ analyses: [{ name: "a", analysis: 7 }] })).message, /did you mean/);
  assert.doesNotMatch(
    error(list({ analyses: [{ name: "a", endpoint: "sponsorScan" }] })).message,
    /did you mean/,
  );
});

Deno.test("a JSON syntax error names the file, and line 1 when the parser does not say where", () => {
  const e = error("", "w.json");
  assert.equal(e.line, 1);
  assert.equal(e.field, "");
  assert.match(e.message, /^w\.json: not valid JSON \(/);
  const at = error('{\n  "analyses" []\n}', "w.json");
  assert.equal(at.line, 2);
  assert.match(at.message, /^w\.json line 2 column \d+: not valid JSON \(/);
});

Deno.test("an analysis's parameters: valid ones are kept; a wrong one is named in the watchlist's words, nested too", () => {
  const params = { sponsors: ["Pfizer"], condition: "lung cancer" };
  const w = parseWatchlist(list({ analyses: [{ name: "o", analysis: "portfolioOverlap", params }] }));
  assert.deepEqual(w.analyses[0], { name: "o", analysis: "portfolioOverlap", params });
  const at = (p: Record<string, unknown>) =>
    error(JSON.stringify({ analyses: [{ name: "o", analysis: "portfolioOverlap", params: p }] }));
  const nested = at({ sponsors: ["Pfizer", 5], condition: "x" });
  assert.equal(nested.field, "analyses[0].params.sponsors[1]");
  assert.equal(
    nested.message,
    "watchlist.json line 1: analyses[0].params.sponsors[1] must be a string, got 5",
  );
  const unknown = at({ ...params, zzzzzz: 1 });
  assert.equal(
    unknown.message,
    "watchlist.json line 1: analyses[0].params.zzzzzz is not a parameter of portfolioOverlap " +
      "(it takes sponsors, condition, phase, status)",
  );
});
