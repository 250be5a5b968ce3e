/**
 * CSV export rules (lib/frames/io.ts): list cells joined with "; " (or the listSeparator given), every list
 * column and only those, the field separator "," unless given; a frame without lists is written as is.
 */
import assert from "node:assert/strict";
import pl from "nodejs-polars";
import { toCsvString, writeCsv } from "../../lib/frames/mod.ts";

const frame = () =>
  pl.DataFrame({
    id: ["a", "b"],
    n: [1, 2],
    tags: [["x", "y"], []],
    more: [["p"], ["q", "r"]],
  });

Deno.test("toCsvString joins every list column with '; ' by default, or the listSeparator given", () => {
  // An empty list is an empty quoted text (""), unlike a null cell (nothing).
  assert.equal(toCsvString(frame()), 'id,n,tags,more\na,1.0,x; y,p\nb,2.0,"",q; r\n');
  assert.equal(
    toCsvString(frame(), { listSeparator: "|", separator: "\t" }),
    'id\tn\ttags\tmore\na\t1.0\tx|y\tp\nb\t2.0\t""\tq|r\n',
  );
  const flat = pl.DataFrame({ id: ["a"], note: ["x; y"] });
  assert.equal(toCsvString(flat), "id,note\na,x; y\n");
});

Deno.test("writeCsv writes the same text as toCsvString, with the options given", () => {
  const dir = Deno.makeTempDirSync();
  try {
    writeCsv(frame(), `${dir}/f.csv`, { listSeparator: "/", separator: ";" });
    assert.equal(
      Deno.readTextFileSync(`${dir}/f.csv`),
      toCsvString(frame(), { listSeparator: "/", separator: ";" }),
    );
    assert.match(Deno.readTextFileSync(`${dir}/f.csv`), /^id;n;tags;more\na;1\.0;x\/y;p\n/);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
