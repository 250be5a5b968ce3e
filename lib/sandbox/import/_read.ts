/**
 * Private: reading the published files as streams — a plain file, a folder of files, or a zip (each entry
 * found by the central directory, Zip64 too, and inflated with fflate's streaming `Inflate`, one chunk at a
 * time) — and splitting text into lines or CSV records, so
 * memory stays bounded whatever the file size. Consumers are synchronous (SQLite's inserts are), so a
 * chunk is fully handled before the next one is read.
 *
 * @module
 */
import { Gunzip, Inflate } from "fflate";

/** Takes a file's bytes chunk by chunk; `final` marks its last chunk. */
export type Sink = (chunk: Uint8Array, final: boolean) => void;

// 16 KB: a zip entry's chunks inflate to about 100 KB of text, which dies young; 1 MB reads inflated to ~8 MB
// per chunk, and each chunk's text outlived the collections during its lines and filled the old generation
// (an import of 7.6 million citation rows peaked at 921 MB; 582 MB now, in the same time).
const CHUNK = 1 << 14;

/** True when `path` is a zip archive (by its first bytes). */
export async function isZip(path: string): Promise<boolean> {
  const f = await Deno.open(path);
  try {
    const head = new Uint8Array(4);
    const n = await f.read(head);
    return n === 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
  } finally {
    f.close();
  }
}

/** Stream one plain file into `sink`. */
export async function readFile(path: string, sink: Sink): Promise<void> {
  const f = await Deno.open(path);
  try {
    const buf = new Uint8Array(CHUNK);
    let pending: Uint8Array | undefined;
    for (;;) {
      const n = await f.read(buf);
      if (n === null) break;
      if (pending) sink(pending, false);
      pending = buf.slice(0, n);
    }
    sink(pending ?? new Uint8Array(0), true);
  } finally {
    f.close();
  }
}

/** Little-endian unsigned integers of 2, 4 and 8 bytes (an 8-byte one exact below 2^53, as zip sizes are). */
const u16 = (b: Uint8Array, i: number) => b[i] | (b[i + 1] << 8);
const u32 = (b: Uint8Array, i: number) => (b[i] | (b[i + 1] << 8) | (b[i + 2] << 16)) + b[i + 3] * 0x1000000;
const u64 = (b: Uint8Array, i: number) => u32(b, i) + u32(b, i + 4) * 0x100000000;
/** `PK` and two bytes: 3 4 a local header, 1 2 a central one, 5 6 the end record, 6 6 Zip64's, 6 7 its locator. */
const sig = (b: Uint8Array, i: number, third: number, fourth = third + 1) =>
  b[i] === 0x50 && b[i + 1] === 0x4b && b[i + 2] === third && b[i + 3] === fourth;
const FULL32 = 0xffffffff;

/** A file read at any position through one 64 KB window (entries and headers are mostly read in order). */
class Window {
  #at = -1;
  #buf = new Uint8Array(0);
  #pos = 0; // the file's position for the next read
  constructor(readonly file: Deno.FsFile, readonly size: number) {}

  /**
   * `n` bytes (at most 64 KB) at `pos`: a view, valid until the next call; fewer at the file's end, and with
   * `upTo`, fewer where the bytes in hand end (the next call reads on from there).
   */
  async bytes(pos: number, n: number, upTo = false): Promise<Uint8Array> {
    const end = this.#at + this.#buf.length;
    if (upTo && pos >= this.#at && pos < end) n = Math.min(n, end - pos);
    if (pos < this.#at || pos + n > end) {
      if (pos !== this.#pos) await this.file.seek(pos, Deno.SeekMode.Start);
      const buf = new Uint8Array(Math.min(Math.max(n, 1 << 16), this.size - pos));
      let got = 0;
      while (got < buf.length) {
        const r = await this.file.read(buf.subarray(got));
        if (r === null) break;
        got += r;
      }
      (this.#buf = buf.subarray(0, got), this.#at = pos, this.#pos = pos + got);
    }
    return this.#buf.subarray(pos - this.#at, pos - this.#at + n);
  }
}

/**
 * The entries of a zip from its central directory: where each one's local header is, its compressed size
 * and method (sizes and offsets from the Zip64 fields when the 32-bit ones are full), in the file's order.
 * A zip without its end-of-central-directory record (a download cut short) is refused naming the file.
 */
async function zipEntries(path: string, w: Window): Promise<{ at: number; size: number; method: number }[]> {
  const size = w.size;
  // The end record is within the last 65,557 bytes (22 bytes and a comment of up to 65,535).
  const tailAt = Math.max(0, size - 65_557 - 20);
  const tail = new Uint8Array(size - tailAt);
  for (let off = 0; off < tail.length; off += 1 << 16) {
    tail.set(await w.bytes(tailAt + off, Math.min(1 << 16, tail.length - off)), off);
  }
  let end = -1;
  for (let i = tail.length - 22; i >= 0 && end < 0; i--) if (sig(tail, i, 5)) end = i;
  if (end < 0) {
    throw new RangeError(
      `${path} is not a complete zip (${size.toLocaleString("en-US")} bytes, no end-of-archive record): ` +
        "the download was probably cut short; download it again",
    );
  }
  let count = u16(tail, end + 10), cdSize = u32(tail, end + 12), cdAt = u32(tail, end + 16);
  if (end >= 20 && sig(tail, end - 20, 6)) {
    // Zip64: the locator before the end record points at the Zip64 end record with the 64-bit fields.
    const z = await w.bytes(u64(tail, end - 20 + 8), 56);
    if (z.length < 56 || !sig(z, 0, 6, 6)) {
      throw damaged(path, "its Zip64 end record is not where its locator says");
    }
    (count = u64(z, 32), cdSize = u64(z, 40), cdAt = u64(z, 48));
  }
  const entries: { at: number; size: number; method: number }[] = [];
  let pos = cdAt;
  const cdEnd = cdAt + cdSize;
  while (pos < cdEnd) {
    const h = await w.bytes(pos, 46);
    if (h.length < 46 || !sig(h, 0, 1)) break;
    const method = u16(h, 10), nameLen = u16(h, 28), extraLen = u16(h, 30), commentLen = u16(h, 32);
    let compressed = u32(h, 20), at = u32(h, 42);
    const plain = u32(h, 24);
    if (compressed === FULL32 || at === FULL32) {
      // The Zip64 extra field (id 1) holds, in this order, the 64-bit sizes and offset whose fields are full.
      const extra = (await w.bytes(pos + 46 + nameLen, extraLen)).slice();
      for (let e = 0; e + 4 <= extra.length; e += 4 + u16(extra, e + 2)) {
        if (u16(extra, e) !== 1) continue;
        let f = e + 4;
        if (plain === FULL32) f += 8;
        if (compressed === FULL32) (compressed = u64(extra, f), f += 8);
        if (at === FULL32) at = u64(extra, f);
        break;
      }
    }
    entries.push({ at, size: compressed, method });
    pos += 46 + nameLen + extraLen + commentLen;
  }
  // (The 16-bit count of an archive of more entries without Zip64 is the count modulo 65,536.)
  if ((entries.length - count) % 0x10000 !== 0) {
    throw damaged(path, `its central directory lists ${entries.length} of its ${count} entries`);
  }
  return entries.sort((a, b) => a.at - b.at);
}

const damaged = (path: string, why: string) =>
  new RangeError(`${path} is not a readable zip (${why}); download it again`);

/**
 * Stream the entries of a zip archive: `pick(name)` returns a sink for the entries wanted (folders
 * inside the archive are part of the name) and undefined for the others, which are skipped unread.
 * Each entry's bytes are found by its central directory (the sizes there, 64-bit where the zip is Zip64),
 * never by looking for the next header's signature in the compressed data (which a large entry contains
 * by chance: the data-descriptor or header bytes, 1 in 4 billion per byte).
 */
export async function readZip(path: string, pick: (name: string) => Sink | undefined): Promise<void> {
  const f = await Deno.open(path);
  try {
    const w = new Window(f, (await f.stat()).size);
    for (const e of await zipEntries(path, w)) {
      const h = await w.bytes(e.at, 30);
      if (h.length < 30 || !sig(h, 0, 3)) {
        throw damaged(path, `no entry at byte ${e.at} where its directory says`);
      }
      const flags = u16(h, 6), nameLen = u16(h, 26), start = e.at + 30 + nameLen + u16(h, 28);
      const name = new TextDecoder(flags & 0x800 ? "utf-8" : "latin1").decode(
        await w.bytes(e.at + 30, nameLen),
      );
      const sink = pick(name);
      if (!sink) continue;
      if (start + e.size > w.size) throw damaged(path, `${name} ends past the end of the file`);
      let put: Sink;
      if (e.method === 0) put = sink;
      else if (e.method === 8) {
        const inflate = new Inflate((data, final) => sink(data, final));
        put = (chunk, final) => inflate.push(chunk, final);
      } else {
        throw new RangeError(
          `${path}: ${name} is compressed with method ${e.method}, which the import does not read; ` +
            "extract it and give the file, or zip it again with the usual (deflate) compression",
        );
      }
      if (e.size === 0) {
        sink(new Uint8Array(0), true);
        continue;
      }
      for (let p = start, stop = start + e.size; p < stop;) {
        const chunk = await w.bytes(p, Math.min(CHUNK, stop - p), true);
        if (chunk.length === 0) throw damaged(path, `${name} ends past the end of the file`);
        p += chunk.length;
        try {
          put(chunk, p === stop);
        } catch (err) {
          if (err instanceof Error && "code" in err && typeof err.code === "number") {
            throw damaged(path, `${name}: ${err.message}`);
          }
          throw err;
        }
      }
    }
  } finally {
    f.close();
  }
}

/**
 * Stream every file named `pick` accepts from a folder (recursively, in name order), a zip, or a single
 * file (then `pick` is asked with its base name; a file it does not accept is read anyway).
 */
export async function readSource(path: string, pick: (name: string) => Sink | undefined): Promise<number> {
  const info = await Deno.stat(path);
  let files = 0;
  if (info.isDirectory) {
    const names: string[] = [];
    const walk = async (dir: string, rel: string) => {
      for await (const e of Deno.readDir(dir)) {
        if (e.isDirectory) await walk(`${dir}/${e.name}`, `${rel}${e.name}/`);
        else if (e.isFile) names.push(`${rel}${e.name}`);
      }
    };
    await walk(path, "");
    for (const name of names.sort()) {
      const sink = pick(name);
      if (sink) (files++, await readFile(`${path}/${name}`, sink));
    }
  } else if (await isZip(path)) {
    await readZip(path, (name) => {
      const sink = pick(name);
      if (sink) files++;
      return sink;
    });
  } else {
    const base = path.split(/[\\/]/).pop()!;
    await readFile(path, pick(base) ?? (() => {}));
    files = 1;
  }
  return files;
}

/**
 * A sink that gunzips a `.gz` file (one gzip member or several concatenated, as OpenAlex's snapshot parts
 * are) chunk by chunk into `sink`.
 */
export function gunzipSink(sink: Sink): Sink {
  const gz = new Gunzip((data, final) => sink(data, final));
  return (chunk, final) => gz.push(chunk, final);
}

/**
 * A sink that splits UTF-8 text into lines (without `\r\n`/`\n`), calling `onLine` for each with its
 * 1-based line number (for errors that name the line).
 */
export function lineSink(onLine: (line: string, lineNo: number) => void): Sink {
  const dec = new TextDecoder();
  let rest = "", n = 0;
  return (chunk, final) => {
    const text = rest + dec.decode(chunk, { stream: !final });
    // Line by line, not split into one array: each line can die as soon as it is handled.
    let at = 0;
    for (let nl = text.indexOf("\n"); nl >= 0; nl = text.indexOf("\n", at)) {
      const end = nl > at && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
      onLine(text.slice(at, end), ++n);
      at = nl + 1;
    }
    rest = text.slice(at);
    if (final && rest !== "") (onLine(rest.endsWith("\r") ? rest.slice(0, -1) : rest, ++n), rest = "");
  };
}

/**
 * The error for a file that is not what a source expects: names the flag, the file, the line (when
 * known), what was found (shortened) and what was expected — a `RangeError`, which the CLI shows
 * without a stack and exits 2 on.
 */
export function fileError(
  flag: string,
  file: string,
  line: number | undefined,
  found: string,
  expected: string,
): RangeError {
  const at = line === undefined ? file : `${file} line ${line}`;
  const shown = found.length > 60 ? `${found.slice(0, 60)}…` : found;
  return new RangeError(`${flag}: ${at}: ${JSON.stringify(shown)} is not ${expected}`);
}

/** A sink that collects a whole (small) file and hands over its text at the end (one study JSON). */
export function wholeSink(onText: (text: string) => void): Sink {
  const parts: Uint8Array[] = [];
  return (chunk, final) => {
    parts.push(chunk);
    if (!final) return;
    const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let off = 0;
    for (const p of parts) (all.set(p, off), off += p.length);
    parts.length = 0;
    onText(new TextDecoder().decode(all));
  };
}

/**
 * A sink that parses CSV (RFC 4180: quoted fields with `""` escapes, delimiters and line breaks inside
 * quotes) into records, calling `onRecord` for each with the 1-based line its record starts on (for
 * errors that name the line). `delimiter` is one character (default `,`; CORDIS publishes `;`).
 */
export function csvSink(onRecord: (fields: string[], line: number) => void, delimiter = ","): Sink {
  const sep = delimiter.charCodeAt(0);
  const dec = new TextDecoder();
  let field = "", fields: string[] = [], quoted = false, carry = "", line = 1, recLine = 1;
  const end = () => {
    fields.push(field);
    field = "";
    if (!(fields.length === 1 && fields[0] === "")) onRecord(fields, recLine);
    fields = [];
  };
  return (chunk, final) => {
    let text = carry + dec.decode(chunk, { stream: !final });
    carry = "";
    // A quote or CR at a chunk's end is decided with the next chunk's first character.
    if (!final && (text.endsWith('"') || text.endsWith("\r"))) {
      (carry = text.slice(-1), text = text.slice(0, -1));
    }
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (quoted) {
        if (c === 10) line++;
        if (c !== 34) continue;
        field += text.slice(start, i);
        if (text.charCodeAt(i + 1) === 34) (field += '"', i++);
        else quoted = false;
        start = i + 1;
      } else if (c === 34) {
        field += text.slice(start, i);
        quoted = true;
        start = i + 1;
      } else if (c === sep) {
        fields.push(field + text.slice(start, i));
        field = "", start = i + 1;
      } else if (c === 10 || c === 13) {
        field += text.slice(start, i);
        if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
        end();
        recLine = ++line;
        start = i + 1;
      }
    }
    field += text.slice(start);
    if (final && (field !== "" || fields.length)) end();
  };
}

/** Where a JSON value streamed by {@linkcode jsonArraySink} was found. */
export interface JsonAt {
  /** 0-based position of the element in its array. */
  readonly index: number;
  /** 1-based line of the file the element starts on. */
  readonly line: number;
}

/** Options of {@linkcode jsonArraySink}. */
export interface JsonArrayOptions {
  /**
   * When the file is an object instead of an array: the member whose array is streamed (an object there
   * is taken as a one-element array; `{"meta": …, "data": [ … ]}` with `field: "data"`).
   */
  readonly field?: string;
  /** The other members of a top-level object (small values: `meta`), parsed whole. */
  readonly onMember?: (key: string, value: unknown) => void;
  /** The error for text that is not JSON (default: a `SyntaxError` naming the line). */
  readonly error?: (found: string, line: number, expected: string) => Error;
}

const WS = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;

/**
 * A sink that streams the elements of a JSON array — the whole file (`[ {…}, {…} ]`, the ROR dump) or
 * the array under `options.field` of a top-level object (an API page) — calling `onElement` with each
 * element parsed on its own, so memory holds one element at a time whatever the file's size. It tracks
 * strings (with their escapes), nesting depth and line numbers itself; each element's text goes to
 * `JSON.parse`. Text that is not a JSON array or object, an element that is not JSON, and a file that
 * ends inside the array are errors naming the line.
 */
export function jsonArraySink(
  onElement: (value: unknown, at: JsonAt) => void,
  options: JsonArrayOptions = {},
): Sink {
  const fail = options.error ??
    ((found: string, line: number, expected: string) =>
      new SyntaxError(`line ${line}: ${JSON.stringify(found.slice(0, 60))} is not ${expected}`));
  const dec = new TextDecoder();
  let depth = 0, line = 1, started = false, topObject = false;
  let inStr = false, esc = false;
  let arrDepth = -1; // depth of the streamed array's elements (inside its '[')
  let expectValue = true, expectKey = false, key: string | undefined;
  // The value being collected: an element (kind 'el') or a top-level member ('member'), or a key.
  let kind: "" | "el" | "member" | "key" = "", startDepth = 0, scalar = false, strValue = false;
  let parts: string[] = [], segStart = -1, atLine = 0, index = 0;
  const finish = (text: string, end: number) => {
    parts.push(text.slice(segStart, end));
    const raw = parts.join("");
    (parts = [], segStart = -1);
    const k = kind;
    (kind = "", scalar = false, strValue = false);
    if (k === "key") {
      key = JSON.parse(raw) as string;
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      throw fail(raw.trim(), atLine, "JSON (an element of the array)");
    }
    if (k === "el") onElement(value, { index: index++, line: atLine });
    else if (key !== undefined) options.onMember?.(key, value);
  };
  const begin = (k: typeof kind, i: number, c: number) => {
    (kind = k, startDepth = depth, segStart = i, atLine = line);
    scalar = c !== 123 && c !== 91 && c !== 34;
    strValue = c === 34;
  };
  return (chunk, final) => {
    let text = dec.decode(chunk, { stream: !final });
    if (!started && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    const n = text.length;
    if (kind !== "") segStart = 0;
    let i = 0;
    while (i < n) {
      if (inStr) {
        if (esc) (esc = false, i++);
        const j = text.indexOf('"', i);
        let b = (j < 0 ? n : j) - 1, slashes = 0;
        while (b >= i && text.charCodeAt(b) === 92) (slashes++, b--);
        if (j < 0) {
          esc = slashes % 2 === 1;
          i = n;
          break;
        }
        i = j + 1;
        if (slashes % 2 === 1) continue;
        inStr = false;
        if ((kind === "key" || strValue) && depth === startDepth) finish(text, i);
        continue;
      }
      const c = text.charCodeAt(i);
      if (scalar && kind !== "" && (WS(c) || c === 44 || c === 93 || c === 125)) finish(text, i);
      if (c === 10) line++;
      if (WS(c)) {
        i++;
        continue;
      }
      if (!started) {
        started = true;
        if (c === 91) (arrDepth = 1, depth = 1, expectValue = true, i++);
        else if (c === 123) (topObject = true, depth = 1, expectKey = true, expectValue = false, i++);
        else throw fail(text.slice(i, i + 60), line, "a JSON array or object");
        continue;
      }
      if (kind === "" && expectKey && c === 34) {
        begin("key", i, c);
        (expectKey = false, inStr = true, i++);
        continue;
      }
      if (kind === "" && expectValue && c !== 93 && c !== 125) {
        expectValue = false;
        if (depth === arrDepth) begin("el", i, c);
        else if (topObject && depth === 1) {
          if (key === options.field && c === 91) {
            (arrDepth = 2, depth = 2, expectValue = true, i++);
            continue;
          }
          begin(key === options.field ? "el" : "member", i, c);
        }
      }
      if (c === 34) inStr = true;
      else if (c === 123 || c === 91) depth++;
      else if (c === 125 || c === 93) {
        depth--;
        if (kind !== "" && !scalar && depth === startDepth) finish(text, i + 1);
        else if (arrDepth > 0 && depth < arrDepth) arrDepth = -1;
      } else if (c === 44) {
        if (depth === arrDepth) expectValue = true;
        else if (topObject && depth === 1) expectKey = true;
      } else if (c === 58 && topObject && depth === 1 && kind === "") expectValue = true;
      i++;
    }
    if (kind !== "" && segStart >= 0) parts.push(text.slice(segStart));
    if (final) {
      if (kind !== "" && scalar) finish("", 0);
      if (!started) return;
      if (depth !== 0 || inStr) {
        const tail = kind !== "" ? parts.join("").slice(-60) : text.slice(-60);
        throw fail(tail.trim(), line, "the end of a JSON value (the file ends inside it)");
      }
    }
  };
}
