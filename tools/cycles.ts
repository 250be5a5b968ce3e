/**
 * Fails on any import cycle among the package's own files (type-only imports included), as Deno's
 * standard library does with its circular-import lint. Walks the module graph of every entry point in
 * deno.json `exports` with `deno info --json`, and prints each cycle as a chain of paths.
 *
 * Run: `deno run --allow-read --allow-run=deno tools/cycles.ts` (part of `deno task check`).
 *
 * @module
 */

interface InfoDep {
  readonly code?: { readonly specifier?: string };
  readonly type?: { readonly specifier?: string };
}
interface InfoModule {
  readonly specifier: string;
  readonly dependencies?: readonly InfoDep[];
}

const root = new URL("../", import.meta.url);
const isLocal = (s: string) => s.startsWith(root.href) && !s.includes("/node_modules/");
const rel = (s: string) => s.slice(root.href.length);

/** The local import graph of the given entry points: module → local modules it imports. */
export async function localGraph(entries: readonly string[]): Promise<Map<string, Set<string>>> {
  const graph = new Map<string, Set<string>>();
  for (const entry of entries) {
    const out = await new Deno.Command("deno", {
      args: ["info", "--json", entry],
      cwd: root,
      stdout: "piped",
      stderr: "piped",
    }).output();
    if (!out.success) throw new Error(`deno info ${entry} failed: ${new TextDecoder().decode(out.stderr)}`);
    const info = JSON.parse(new TextDecoder().decode(out.stdout)) as { modules: InfoModule[] };
    addLocal(graph, info.modules);
  }
  return graph;
}

function addLocal(graph: Map<string, Set<string>>, modules: readonly InfoModule[]): void {
  for (const m of modules) {
    if (!isLocal(m.specifier)) continue;
    const to = new Set<string>();
    for (const d of m.dependencies ?? []) {
      for (const s of [d.code?.specifier, d.type?.specifier]) if (s && isLocal(s)) to.add(s);
    }
    graph.set(m.specifier, to);
  }
}

/** Every strongly connected component with more than one module (or a self-import), as one cycle each. */
export function cycles(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  // Tarjan's algorithm, iterative enough for a few hundred modules.
  let next = 0;
  const index = new Map<string, number>(), low = new Map<string, number>();
  const stack: string[] = [], onStack = new Set<string>(), found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next), low.set(v, next++), stack.push(v), onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) visit(w), low.set(v, Math.min(low.get(v)!, low.get(w)!));
      else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const scc: string[] = [];
    for (let w = stack.pop()!;; w = stack.pop()!) {
      onStack.delete(w), scc.push(w);
      if (w === v) break;
    }
    if (scc.length > 1 || graph.get(v)?.has(v)) found.push(scc.reverse());
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return found;
}

if (import.meta.main) {
  const config = JSON.parse(await Deno.readTextFile(new URL("deno.json", root)));
  const entries = Object.values(config.exports as Record<string, string>);
  const graph = await localGraph(entries);
  const found = cycles(graph);
  for (const c of found) console.error(`import cycle among: ${c.map(rel).join(", ")}`);
  if (found.length) {
    console.error(
      `${found.length} import cycle(s) among ${graph.size} local modules: break each (move the shared types to a leaf module).`,
    );
    Deno.exit(1);
  }
  console.log(`no import cycles among ${graph.size} local modules of ${entries.length} entry points`);
}
