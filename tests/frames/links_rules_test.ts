/**
 * Link tables (lib/frames/links.ts) rule by rule: which id column a link row keeps (the one given, else the
 * first of ID_COLUMNS the frame has), which list columns explode together (every column derived from one
 * list of objects, only the field itself otherwise), which rows go (empty and null lists), and the errors
 * that name what to pass.
 */
import assert from "node:assert/strict";
import pl from "nodejs-polars";
import {
  emptyFrame,
  explodeLinks,
  ID_COLUMNS,
  resolveResource,
  RESOURCES,
  toFrame,
  withKey,
} from "../../lib/frames/mod.ts";

const plain = () =>
  pl.DataFrame({
    approval_id: ["A1", "A2", "A3"],
    id: ["i1", "i2", "i3"],
    tags: [["x", "y"], [], null],
    other: [["o"], ["p"], ["q"]],
  });

Deno.test("explodeLinks keeps the first id column of ID_COLUMNS the frame has, or the ones given", () => {
  assert.ok(ID_COLUMNS.indexOf("id") < ID_COLUMNS.indexOf("approval_id"));
  const links = explodeLinks(plain(), "tags");
  assert.deepEqual(links.columns, ["id", "tags"], "a plain list explodes alone");
  assert.deepEqual(links.toRecords(), [{ id: "i1", tags: "x" }, { id: "i1", tags: "y" }]);
  assert.deepEqual(explodeLinks(plain(), "tags", { id: "approval_id" }).columns, ["approval_id", "tags"]);
  assert.deepEqual(explodeLinks(plain(), "other", { id: ["approval_id", "id"] }).toRecords(), [
    { approval_id: "A1", id: "i1", other: "o" },
    { approval_id: "A2", id: "i2", other: "p" },
    { approval_id: "A3", id: "i3", other: "q" },
  ]);
});

Deno.test("explodeLinks names the list columns, or the columns to pick an id from, when it cannot go on", () => {
  assert.throws(
    () => explodeLinks(plain(), "id"),
    (e: unknown) =>
      e instanceof TypeError && e.message === "Column 'id' is not a list column; list columns: tags, other",
  );
  assert.throws(() => explodeLinks(plain(), "nope"), /Column 'nope' is not a list column/);
  const noId = (e: unknown) =>
    e instanceof TypeError &&
    e.message ===
      "No id column for the link table; pass {id} naming columns of: approval_id, id, tags, other";
  assert.throws(() => explodeLinks(plain(), "tags", { id: "zzz" }), noId);
  assert.throws(() => explodeLinks(plain(), "tags", { id: ["id", "zzz"] }), noId);
  assert.throws(() => explodeLinks(plain(), "tags", { id: [] }), /No id column/);
  const anonymous = pl.DataFrame({ label: ["a"], tags: [["x"]] });
  assert.throws(() => explodeLinks(anonymous, "tags"), /No id column .* label, tags$/);
});

Deno.test("a list of objects explodes with every column derived from it; an id among them stays whole", () => {
  const approval = (id: string, sponsors: { id: string; name: string }[]) => ({
    approval_id: id,
    trade_name: "T",
    source: "FDA_ORANGE",
    sponsors,
  });
  const df = toFrame("approval", [
    approval("A1", [{ id: "o/1", name: "One" }, { id: "o/2", name: "Two" }]),
    approval("A2", []),
  ]);
  const links = explodeLinks(df, "sponsors");
  assert.deepEqual(links.columns, ["approval_id", "sponsors", "sponsors_id"]);
  assert.deepEqual(links.toRecords(), [
    { approval_id: "A1", sponsors: "One", sponsors_id: "o/1" },
    { approval_id: "A1", sponsors: "Two", sponsors_id: "o/2" },
  ]);
  const byIds = explodeLinks(df, "sponsors", { id: ["approval_id", "sponsors_id"] });
  assert.deepEqual(byIds.columns, ["approval_id", "sponsors_id", "sponsors"]);
  assert.deepEqual(byIds.getColumn("sponsors").toArray(), ["One", "Two"]);
  assert.deepEqual(byIds.getColumn("sponsors_id").toArray().map((v) => [...(v as unknown as string[])]), [[
    "o/1",
    "o/2",
  ], ["o/1", "o/2"]]);
});

Deno.test("a frame's link table is keyed by the frame's declared key by default", () => {
  for (const r of RESOURCES) {
    const df = emptyFrame(r);
    const list = df.columns.find((_, i) => String(df.dtypes[i]).includes("List"));
    if (list) {
      assert.deepEqual(explodeLinks(df, list).columns.slice(0, resolveResource(r).key.length), [
        ...resolveResource(r).key,
      ], r);
    }
  }
  // Before: a landscape drug's links were keyed by chembl_id (first in ID_COLUMNS), a field the spec does
  // not name and the service may leave out: links keyed by nulls.
  const drugs = toFrame("landscapeDrug", [{ generic_name: "g1", sponsors: ["A"] }, {
    generic_name: "g2",
    sponsors: ["B"],
  }]);
  assert.deepEqual(explodeLinks(drugs, "sponsors").select("generic_name", "sponsors").toRecords(), [
    { generic_name: "g1", sponsors: "A" },
    { generic_name: "g2", sponsors: "B" },
  ]);
  // A frame without a declared key (derived by Polars): the first of ID_COLUMNS it has.
  assert.deepEqual(
    explodeLinks(drugs.select("chembl_id", "generic_name", "sponsors"), "sponsors").columns[0],
    "chembl_id",
  );
});

Deno.test("a frame without a declared key is keyed by any column of ID_COLUMNS it has; a list key is not used", () => {
  // Every one-column resource key that names an id (…_id, id, _key, a generic name), independently of ID_COLUMNS;
  // but a disease's efo_id, which no link table is made of (disease rows hold no lists).
  const ids = new Set(
    RESOURCES.map((r) => resolveResource(r).key).filter((k) => k.length === 1).map(([k]) => k).filter((k) =>
      /(^|_)id$|^_key$|^generic_name$/.test(k) && k !== "efo_id"
    ),
  );
  assert.ok(ids.size >= 10, [...ids].join(", "));
  for (const id of ids) {
    const df = pl.DataFrame({ label: ["a"], [id]: ["k"], tags: [["x", "y"]] });
    assert.deepEqual(explodeLinks(df, "tags").toRecords(), [{ [id]: "k", tags: "x" }, {
      [id]: "k",
      tags: "y",
    }], id);
  }
  // A catalyst frame that lost its declared key: its links keep the approval the event stems from.
  const events = emptyFrame("catalystEvent");
  assert.equal(explodeLinks(events.select(...events.columns), "sponsors").columns[0], "approval_key");
  // A key declared on the list itself cannot key its own links: the id column is used.
  const listKeyed = withKey(pl.DataFrame({ id: ["a"], tags: [["x"]] }), ["tags"]);
  assert.deepEqual(explodeLinks(listKeyed, "tags").columns, ["id", "tags"]);
});
