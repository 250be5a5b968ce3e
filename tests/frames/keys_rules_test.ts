/**
 * Frame keys from their definitions (lib/frames/keys.ts): a key is declared from the frame's own columns,
 * belongs to that frame object only, is refused with the frame and the columns named when wrong, and the
 * volatile columns (clock and fetch) are never reported by a diff.
 */
import assert from "node:assert/strict";
import pl from "nodejs-polars";
import { keyOf, requireKey, VOLATILE_COLUMNS, withKey, withKeys } from "../../lib/frames/mod.ts";
import { diff } from "../../lib/watch/mod.ts";

Deno.test("withKey: declares the key, a copy of the columns given, on that frame only", () => {
  const df = pl.DataFrame({ month: ["2026-01"], type: ["x"], n: [1] });
  const cols = ["month", "type"];
  assert.equal(withKey(df, cols), df);
  cols.push("n");
  assert.deepEqual(keyOf(df), ["month", "type"], "changing the caller's array later changes nothing");
  assert.deepEqual(keyOf(withKey(df, ["month"])), ["month"], "a new declaration replaces the old one");
  assert.equal(keyOf(df.head(1)), undefined);
  assert.deepEqual(requireKey(withKey(pl.DataFrame({ total: [3] }), []), "t"), [], "[] is a key");
});

Deno.test("withKey: a key column the frame lacks is refused, naming it and the frame's columns", () => {
  const df = pl.DataFrame({ a: [1], b: [2] });
  assert.throws(() => withKey(df, ["a", "c", "d"]), {
    name: "TypeError",
    message:
      /^Key column\(s\) c, d are not columns of the frame \(a, b\); declare the key from its own columns$/,
  });
  assert.throws(() => withKey(pl.DataFrame([]), ["a"]), /not columns of the frame \(none\)/);
  assert.equal(keyOf(df), undefined, "nothing declared after a refusal");
});

Deno.test("withKeys: declares every frame's key, and names the frame whose key is wrong", () => {
  const frames = { a: pl.DataFrame({ x: [1] }), b: pl.DataFrame({ y: [1] }) };
  assert.equal(withKeys(frames, { a: ["x"], b: [] }), frames);
  assert.deepEqual([keyOf(frames.a), keyOf(frames.b)], [["x"], []]);
  assert.throws(
    () => withKeys(frames, { a: ["x"], b: ["x"] }),
    { name: "TypeError", message: /^Frame 'b': Key column\(s\) x are not columns of the frame \(y\)/ },
  );
});

Deno.test("requireKey: gives the declared key, or names the frame, its columns and how to declare one", () => {
  const df = pl.DataFrame({ id: ["1"], v: [1] });
  assert.throws(() => requireKey(df, "trials"), {
    name: "TypeError",
    message: /^Frame 'trials' has no declared key \(columns: id, v\); keys are never guessed .*withKey\(df/,
  });
  assert.throws(() => requireKey(pl.DataFrame([]), "e"), /\(columns: none\)/);
  assert.deepEqual(requireKey(withKey(df, ["id"]), "trials"), ["id"]);
});

Deno.test("every volatile column (clock and fetch) is left out of a diff; an ordinary column is not", () => {
  assert.deepEqual([...VOLATILE_COLUMNS].sort(), [
    "cache_age_ms",
    "days_to_event",
    "days_to_expiry",
    "fetched_at",
    "from_cache",
    "years_to_horizon",
  ]);
  for (const c of [...VOLATILE_COLUMNS, "status"]) {
    const frame = (v: number) => withKey(pl.DataFrame({ id: ["1"], [c]: [v] }), ["id"]);
    const d = diff({ t: frame(1) }, { t: frame(2) });
    assert.equal(d.changed, c === "status", c);
  }
});
