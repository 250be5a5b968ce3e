/**
 * The user-facing documents (README.md and docs/*.md) stay true: every link resolves inside the repository —
 * the file and the heading it points at — and none points at a machine's folders; every `deno task` they
 * name exists, and every flag they pass to a task is one its `--help` lists; the Jupyter kernel install they
 * give works when a kernel already exists; timings and sizes are given in docs/BENCHMARKS.md only (other
 * pages link there); and docs/PITFALLS.md covers every trap number the client's warnings carry, once each.
 */
import assert from "node:assert/strict";
import { taskArgs } from "./_tasks.ts";
import { inTemp } from "./_temp.ts";

const ROOT = new URL("../", import.meta.url);
const readme = await Deno.readTextFile(new URL("README.md", ROOT));
const pitfalls = await Deno.readTextFile(new URL("docs/PITFALLS.md", ROOT));
const DOCS = [
  "README.md",
  ...[...Deno.readDirSync(new URL("docs/", ROOT))].filter((e) => e.name.endsWith(".md")).map((e) =>
    `docs/${e.name}`
  )
    .sort(),
];
const text = new Map(DOCS.map((d) => [d, Deno.readTextFileSync(new URL(d, ROOT))]));
const TASKS = JSON.parse(Deno.readTextFileSync(new URL("deno.json", ROOT))).tasks as Record<string, unknown>;

/** The topic pages the README leads to. */
const TOPICS = [
  "REPORT",
  "NOTEBOOKS",
  "WATCH",
  "MCP",
  "PUBLIC_DATA",
  "SANDBOX",
  "REAL_SERVICE",
  "PERMISSIONS",
  "BENCHMARKS",
  "SECURITY",
  "MUTATION",
  "DESIGN",
];

/** Markdown without its fenced code blocks (links and headings inside code are not links or headings). */
const prose = (md: string) => md.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, "");

/** The anchors of a Markdown file: GitHub's slugs of its headings, and explicit `<a id>`s. */
function anchors(md: string): Set<string> {
  const out = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of prose(md).matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const slug = heading.toLowerCase().replace(/<[^>]+>/g, "").replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(
      /\s/g,
      "-",
    );
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    out.add(n ? `${slug}-${n}` : slug);
  }
  for (const [, id] of md.matchAll(/<a id="([^"]+)"/g)) out.add(id);
  return out;
}

Deno.test("README and docs links point at files and headings of the repository, not at absolute paths", () => {
  const broken: string[] = [];
  for (const [doc, md] of text) {
    assert.doesNotMatch(md, /\/work\/shared/, `${doc}: no link into a machine's shared folder`);
    for (const [, target, anchor] of prose(md).matchAll(/\]\(([^)#\s]*)(?:#([^)\s]*))?\)/g)) {
      if (/^[a-z]+:/.test(target)) continue; // an http(s) or mailto link
      if (target.startsWith("/")) {
        broken.push(`${doc}: absolute link ${target}`);
        continue;
      }
      const file = target ? new URL(target, new URL(doc, ROOT)) : new URL(doc, ROOT);
      let content: string | undefined;
      try {
        content = Deno.statSync(file).isFile ? Deno.readTextFileSync(file) : "";
      } catch {
        broken.push(`${doc}: broken link ${target}`);
        continue;
      }
      if (anchor && content && file.pathname.endsWith(".md") && !anchors(content).has(anchor)) {
        broken.push(`${doc}: no heading #${anchor} in ${target || doc}`);
      }
    }
  }
  assert.deepEqual(broken, []);
});

Deno.test("README names the pages of every topic, and stays a five-minute read", () => {
  assert.ok(
    readme.split("\n").length <= 200,
    `README.md has ${readme.split("\n").length} lines (at most 200)`,
  );
  for (const page of TOPICS) {
    assert.ok(readme.includes(`](docs/${page}.md`), `README links docs/${page}.md`);
  }
});

/** `deno task <name> …` command lines in the documents' code (fenced blocks and inline code). */
function taskLines(): { doc: string; task: string; args: string[] }[] {
  const out: { doc: string; task: string; args: string[] }[] = [];
  for (const [doc, md] of text) {
    const code = [
      ...[...md.matchAll(/^```(?:sh|bash)?\n([\s\S]*?)^```$/gm)].flatMap((m) => m[1].split("\n")),
      ...[...prose(md).matchAll(/`([^`\n]*deno task [^`\n]*)`/g)].map((m) => m[1]),
    ];
    for (const line of code) {
      for (
        const m of line.replace(/#.*$/, "").matchAll(
          /deno(?:@[\d.]+)? task (?:--cwd \S+ )?([\w:-]+)((?: +[^&|;]*)?)/g,
        )
      ) {
        // Behind the MCP Inspector the flags after the task are the Inspector's own (--method, --tool-arg).
        const args = /modelcontextprotocol\/inspector/.test(line)
          ? []
          : m[2].trim().split(/\s+/).filter(Boolean);
        out.push({ doc, task: m[1], args });
      }
    }
  }
  return out;
}

Deno.test("every deno task the documents name exists, and every flag they pass is one the task takes", async () => {
  const lines = taskLines();
  assert.ok(lines.length >= 20, `found ${lines.length} task commands`);
  const missing = lines.filter((l) => !(l.task in TASKS)).map((l) => `${l.doc}: deno task ${l.task}`);
  assert.deepEqual([...new Set(missing)], []);
  // Flags of the tasks that print their usage with --help: each documented flag is in it.
  const helps = new Map<string, string>();
  for (const task of ["report", "watch", "contract", "sandbox", "import", "mcp"]) {
    const { stdout, stderr } = await new Deno.Command(Deno.execPath(), {
      args: [...taskArgs(task), "--help"],
      cwd: ROOT.pathname,
      env: { NO_COLOR: "1", RI_BASE_URL: "", RI_API_KEY: "" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    helps.set(task, new TextDecoder().decode(stdout) + new TextDecoder().decode(stderr));
  }
  helps.set("demo", helps.get("report")!); // the same main.ts
  const unknown: string[] = [];
  for (const { doc, task, args } of lines) {
    const help = helps.get(task);
    if (!help) continue;
    for (const a of args) {
      const flag = a.match(/^(--[a-z][\w-]*)/)?.[1];
      if (flag && flag !== "--help" && !help.includes(flag)) {
        unknown.push(`${doc}: deno task ${task} ${flag}`);
      }
    }
  }
  assert.deepEqual([...new Set(unknown)], []);
});

Deno.test("the Jupyter kernel install the documents give works when a Deno kernel already exists", async () => {
  const install = [...text.values()].join("\n").match(/deno jupyter --install --force/g) ?? [];
  assert.ok(install.length >= 2, "README and NOTEBOOKS.md install with --force");
  const named = text.get("docs/NOTEBOOKS.md")!.match(/deno jupyter (--install --name \S+ --display "[^"]+")/)
    ?.[1];
  assert.ok(named, "NOTEBOOKS.md shows a named install");
  await inTemp(async (home) => {
    const run = async (args: string[]) => {
      const out = await new Deno.Command(Deno.execPath(), {
        args: ["jupyter", ...args],
        env: {
          HOME: home,
          XDG_DATA_HOME: `${home}/.local/share`,
          JUPYTER_DATA_DIR: `${home}/jupyter`,
          NO_COLOR: "1",
        },
        stdout: "piped",
        stderr: "piped",
      }).output();
      return {
        ok: out.success,
        text: new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr),
      };
    };
    const first = await run(["--install", "--force"]);
    assert.ok(first.ok, first.text);
    const again = await run(["--install"]);
    assert.ok(!again.ok && /already exists.*--force/s.test(again.text), `without --force: ${again.text}`);
    const forced = await run(["--install", "--force"]);
    assert.ok(forced.ok, `with --force over an existing kernel: ${forced.text}`);
    const asNamed = await run(named!.split(" ").slice(0, 3).concat(["--display", "Deno (research-intel)"]));
    assert.ok(asNamed.ok, asNamed.text);
    const kernels = [...Deno.readDirSync(`${home}/.local/share/jupyter/kernels`)].map((e) => e.name).sort();
    assert.deepEqual(kernels, ["deno", "deno-ri"]);
  });
});

Deno.test("timings and sizes are given in docs/BENCHMARKS.md only; the other pages link there", () => {
  // A measured figure: a duration range or a duration with decimals, a size in MB/GB/MiB, a token count.
  const FIGURE =
    /\b\d+(?:\.\d+)?(?:–\d+(?:\.\d+)?)? ?(?:ms|s)\b(?! (?:a|per|each|every))|\b\d[\d,.]* ?(?:MB|GB|MiB|GiB)\b|\b\d[\d,]* tokens\b/g;
  // Settings, limits and rules, not measurements.
  const ALLOWED = [
    /default 30 s/,
    /every 2 s/,
    /for 20 s/,
    /2 ms\b/,
    /default 8,000 tokens/,
    /over 25,000/,
    /older than 10 s|once 10 s old/,
    /epoch ms/,
    /25 s ago/,
    /64 KiB|8 KiB/,
    /600 ms \(the call/,
    /64 MB page cache/,
    /50 ms/,
  ];
  // The README and its topic pages (BENCHMARKS.md is the record; MUTATION.md keeps scores, not timings).
  const pages = ["README.md", ...TOPICS.filter((p) => !["BENCHMARKS", "MUTATION"].includes(p)), "PROJECT"]
    .map((p) => p.endsWith(".md") ? p : `docs/${p}.md`);
  const found: string[] = [];
  for (const doc of pages) {
    const md = text.get(doc) ?? "";
    for (const line of prose(md).split("\n")) {
      for (const m of line.matchAll(FIGURE)) {
        const around = line.slice(Math.max(0, m.index! - 20), m.index! + m[0].length + 20);
        if (!ALLOWED.some((a) => a.test(around))) found.push(`${doc}: …${around}…`);
      }
    }
  }
  assert.deepEqual(found, []);
});

Deno.test("docs/PITFALLS.md has one row per trap 1..36, and the README gives the same count", async () => {
  const numbers = [...pitfalls.matchAll(/^\| (\d+) +\|/gm)].map((m) => Number(m[1])).sort((a, b) => a - b);
  assert.deepEqual(numbers, Array.from({ length: 36 }, (_, i) => i + 1));
  assert.match(readme, /\[docs\/PITFALLS\.md\]\(docs\/PITFALLS\.md\) lists the 36 places/);
  // Every `pitfall: n` a warning carries is documented: the client's and the analyses' warnings alike.
  const carried: number[] = [];
  for (const dir of ["lib/client/", "lib/analyses/"]) {
    for await (const entry of Deno.readDir(new URL(dir, ROOT))) {
      if (!entry.isFile || !entry.name.endsWith(".ts")) continue;
      const source = await Deno.readTextFile(new URL(`${dir}${entry.name}`, ROOT));
      for (const [, n] of source.matchAll(/pitfall: (\d+)/g)) carried.push(Number(n));
    }
  }
  assert.ok(carried.length >= 10, `the scan found the warnings' pitfall numbers (${carried.length})`);
  for (const n of carried) assert.ok(numbers.includes(n), `pitfall ${n}`);
});
