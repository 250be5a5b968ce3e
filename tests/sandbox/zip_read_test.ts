/**
 * Reading zips for the imports (lib/sandbox/import/_read.ts): each entry's bytes are found by the central
 * directory, so an entry written with a data descriptor (sizes after the data, as streaming writers do)
 * reads whole even where its compressed bytes happen to hold a zip signature; Zip64 archives (every size
 * and offset in its 64-bit field, as over 4 GiB) read like any; a truncated or damaged zip is refused
 * naming the file. The Zip64 fixture was made by Python's zipfile (tests/fixtures/public/zip64/, with
 * `zipfile.ZIP64_LIMIT = -1` and `ZIP_FILECOUNT_LIMIT = -1`, so it writes every Zip64 field at small size).
 */
import assert from "node:assert/strict";
import { strToU8, Zip, ZipDeflate, zipSync } from "fflate";
import { lineSink, readZip } from "../../lib/sandbox/import/_read.ts";

const FX = new URL("../fixtures/public/zip64/", import.meta.url).pathname;

/** Every entry's lines by name, as readZip streams them. */
async function lines(path: string, only?: string): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  await readZip(path, (name) => {
    if (only !== undefined && name !== only) return undefined;
    const got: string[] = out[name] = [];
    return lineSink((l) => got.push(l));
  });
  return out;
}

Deno.test("an entry written with a data descriptor reads whole where its compressed bytes hold zip signatures", async () => {
  const dir = await Deno.makeTempDir({ prefix: "ri-zip-" });
  try {
    // Deflate level 0 keeps the bytes as they are: the data descriptor's, the central directory's and a
    // local header's signature inside the first entry (by chance, 1 in 4 billion per byte of a large one).
    const first = Array.from(
      { length: 2000 },
      (_, i) => `"${11890001 + i}"\t"x PK\x07\x08 PK\x01\x02 PK\x03\x04 ${i}"`,
    );
    const second = ["patent_id", "11890001"];
    const parts: Uint8Array[] = [];
    const zip = new Zip((err, data) => {
      if (err) throw err;
      parts.push(data);
    });
    for (const [name, text] of [["g_cpc_current.tsv", first], ["g_patent.tsv", second]] as const) {
      const entry = new ZipDeflate(name, { level: 0 });
      zip.add(entry);
      entry.push(strToU8(text.join("\n") + "\n"), true);
    }
    zip.end();
    const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let off = 0;
    for (const p of parts) (bytes.set(p, off), off += p.length);
    assert.equal(bytes[6] & 8, 8, "the entries have data descriptors (sizes after the data)");
    await Deno.writeFile(`${dir}/streamed.zip`, bytes);
    assert.deepEqual(await lines(`${dir}/streamed.zip`), {
      "g_cpc_current.tsv": first,
      "g_patent.tsv": second,
    });
    assert.deepEqual(await lines(`${dir}/streamed.zip`, "g_patent.tsv"), { "g_patent.tsv": second });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a Zip64 zip (every size and offset in its 64-bit field) reads like any zip: a stored and a deflated entry", async () => {
  const got = await lines(`${FX}g_cpc_current.tsv.zip`);
  assert.deepEqual(got["README.txt"], ["made by Python's zipfile with Zip64 fields"]);
  const tsv = got["g_cpc_current.tsv"];
  assert.equal(tsv.length, 31);
  assert.equal(tsv[0], '"patent_id"\t"cpc_sequence"\t"cpc_group"');
  assert.equal(tsv[30], '"11890010"\t"2"\t"A61K60/00"');
});

Deno.test("a truncated or damaged zip is refused naming the file", async () => {
  const dir = await Deno.makeTempDir({ prefix: "ri-zip-" });
  try {
    const text = Array.from({ length: 5000 }, (_, i) => `row ${i} ${(i * 7919) % 1000}`).join("\n");
    const whole = zipSync({ "a.tsv": strToU8(text), "b.tsv": strToU8(text) });
    await Deno.writeFile(`${dir}/cut.zip`, whole.subarray(0, whole.length - 30));
    await assert.rejects(
      lines(`${dir}/cut.zip`),
      (e: Error) =>
        e instanceof RangeError && /cut\.zip is not a complete zip .*download it again/.test(e.message),
    );
    const broken = whole.slice();
    broken.fill(0xff, 60, 200); // inside a.tsv's deflated bytes
    await Deno.writeFile(`${dir}/broken.zip`, broken);
    await assert.rejects(
      lines(`${dir}/broken.zip`),
      (e: Error) => e instanceof RangeError && /broken\.zip is not a readable zip \(a\.tsv: /.test(e.message),
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
