/**
 * The column rules of lib/frames/_columns.ts, one by one, on zod row schemas built to hit each rule
 * (the catalogue's schemas only use some of them): kinds and dtypes, date formats through wrappers,
 * lists, lists of objects (label, parallel columns, which fields count), nested objects, JSON, renames,
 * and the values the built frame reads from rows.
 */
import assert from "node:assert/strict";
import pl from "nodejs-polars";
import { z } from "zod";
import { chosen } from "../../lib/client/schemas/origin.ts";
import { columnsFromSchema } from "../../lib/frames/_columns.ts";
import { framesFromColumns } from "../../lib/frames/to_frame.ts";

const S = (t: pl.DataType) => String(t).replaceAll("Utf8", "String");
const shape = (schema: z.ZodType, renames?: Record<string, string>) =>
  columnsFromSchema(schema, renames).map((c) => [c.name, c.kind, S(c.dtype), c.source]);
const iso = z.string().meta({ format: "iso-date" });
const [STR, I64, F64, BOOL, DATE, DTMS, LIST] = [
  pl.Utf8,
  pl.Int64,
  pl.Float64,
  pl.Bool,
  pl.Date,
  pl.Datetime("ms"),
  pl.List(pl.Utf8),
].map(S);

Deno.test("columns: scalar kinds and dtypes, through optional, nullable, default, readonly and pipe wrappers", () => {
  const Row = z.object({
    s: z.string(),
    i: z.number().int().nullable(),
    f: z.number().optional(),
    b: z.boolean().default(false),
    e: z.enum(["A", "B"]).readonly(),
    ls: z.literal("x"),
    ln: z.literal(3),
    p: z.string().transform((v) => v.length).pipe(z.number()),
    rec: z.record(z.string(), z.number()),
    u: z.unknown(),
  });
  assert.deepEqual(shape(Row), [
    ["s", "str", STR, "s"],
    ["i", "int", I64, "i"],
    ["f", "float", F64, "f"],
    ["b", "bool", BOOL, "b"],
    ["e", "str", STR, "e"],
    ["ls", "str", STR, "ls"],
    ["ln", "json", STR, "ln"],
    ["p", "str", STR, "p"],
    ["rec", "json", STR, "rec"],
    ["u", "json", STR, "u"],
  ]);
  assert.throws(() => columnsFromSchema(z.array(z.string())), /Row schema must be a zod object, got array/);
  assert.deepEqual(shape(z.object({ a: z.string() }).optional()), [["a", "str", STR, "a"]]);
});

Deno.test("columns: every date format gives a Date or Datetime column, also when the field is wrapped", () => {
  const Row = z.object({
    d: iso,
    y: z.string().meta({ format: "yyyymmdd" }).nullable(),
    ms: z.number().meta({ format: "epoch-ms" }).optional(),
    t: z.string().meta({ format: "iso-datetime" }),
    outer: z.string().optional().meta({ format: "iso-date" }),
  });
  const cols = columnsFromSchema(Row);
  assert.deepEqual(cols.map((c) => [c.name, c.kind, S(c.dtype), c.format]), [
    ["d", "date", DATE, "iso-date"],
    ["y", "date", DATE, "yyyymmdd"],
    ["ms", "datetime", DTMS, "epoch-ms"],
    ["t", "datetime", DTMS, "iso-datetime"],
    ["outer", "date", DATE, "iso-date"],
  ]);
  assert.ok(!("format" in columnsFromSchema(z.object({ s: z.string() }))[0]), "no format on a plain column");
});

Deno.test("columns: arrays of strings or dates are list columns; arrays of anything else are JSON", () => {
  const Row = z.object({ tags: z.array(z.string()), days: z.array(iso), n: z.array(z.number()) });
  assert.deepEqual(shape(Row, { tags: "labels", n: "nums" }), [
    ["labels", "list", LIST, "tags"],
    ["days", "list", LIST, "days"],
    ["nums", "json", STR, "n"],
  ]);
});

Deno.test("columns: a list of objects gives parallel list columns, labelled by name else the first string", () => {
  const Row = z.object({
    sponsors: z.array(z.object({
      id: z.string(),
      n: z.number(),
      name: z.string(),
      since: iso,
      note: z.string().optional(),
      extra: chosen(z.string()),
      gone: z.string().nullable(),
      role: z.string().readonly(),
      kind: z.string().default("lead"),
    })),
    drugs: z.array(z.object({ chembl_id: z.string(), code: z.string() })),
    scores: z.array(z.object({ v: z.number() })),
  });
  const cols = columnsFromSchema(Row);
  assert.deepEqual(cols.map((c) => [c.name, c.kind, c.source, c.linkOf]), [
    ["sponsors", "list", "sponsors[].name", "sponsors"],
    ["sponsors_id", "list", "sponsors[].id", "sponsors"],
    ["sponsors_since", "list", "sponsors[].since", "sponsors"],
    ["sponsors_extra", "list", "sponsors[].extra", "sponsors"],
    ["sponsors_role", "list", "sponsors[].role", "sponsors"],
    ["sponsors_kind", "list", "sponsors[].kind", "sponsors"],
    ["drugs", "list", "drugs[].chembl_id", "drugs"],
    ["drugs_code", "list", "drugs[].code", "drugs"],
    ["scores", "json", "scores", undefined],
  ]);
  const df = framesFromColumns(cols, [
    {
      sponsors: [{ id: "1", name: "A", since: "2020-01-01" }, { id: "2", name: "B" }],
      drugs: [{ chembl_id: "C1", code: "x" }],
      scores: [{ v: 1 }],
    },
    { sponsors: null, drugs: [], scores: [] },
  ]);
  assert.deepEqual(df.select("sponsors", "sponsors_id", "drugs", "drugs_code").toRecords(), [
    { sponsors: ["A", "B"], sponsors_id: ["1", "2"], drugs: ["C1"], drugs_code: ["x"] },
    { sponsors: null, sponsors_id: null, drugs: [], drugs_code: [] },
  ]);
  assert.deepEqual(df.getColumn("scores").toArray(), ['[{"v":1}]', "[]"]);
});

Deno.test("columns: a nested object is flattened to <field>_<sub> columns with their own kinds and formats", () => {
  const Row = z.object({
    molecule: z.object({
      chembl_id: z.string(),
      phase: z.number().int(),
      since: iso,
      tags: z.array(z.string()),
    })
      .nullable(),
  });
  const cols = columnsFromSchema(Row, { molecule: "ignored" });
  assert.deepEqual(cols.map((c) => [c.name, c.kind, c.source, c.format]), [
    ["molecule_chembl_id", "str", "molecule.chembl_id", undefined],
    ["molecule_phase", "int", "molecule.phase", undefined],
    ["molecule_since", "date", "molecule.since", "iso-date"],
    ["molecule_tags", "json", "molecule.tags", undefined],
  ]);
  assert.deepEqual(
    cols.map((c) => "format" in c),
    [false, false, true, false],
    "a format only on date columns",
  );
  const df = framesFromColumns(cols, [
    { molecule: { chembl_id: "C1", phase: 3, since: "2021-02-03", tags: ["a"] } },
    { molecule: null },
  ]);
  const r = df.toRecords();
  assert.deepEqual([r[0].molecule_chembl_id, r[0].molecule_phase, r[0].molecule_tags], ["C1", 3, '["a"]']);
  assert.equal((r[0].molecule_since as unknown as Date).toISOString().slice(0, 10), "2021-02-03");
  assert.deepEqual([r[1].molecule_chembl_id, r[1].molecule_phase, r[1].molecule_since], [null, null, null]);
});
