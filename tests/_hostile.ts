/**
 * Test helpers for the security tests: hostile services as real `Deno.serve` servers on 127.0.0.1 port 0
 * (two of them are two origins: same host, different ports), a recognisable key, and the checks that it
 * appears in no output and no file a command wrote.
 *
 * @module
 */
import assert from "node:assert/strict";

/** A key no test output could contain by chance. */
export const KEY = "sk-live-SECRETKEY-7f3a9c0e5b1d";

/** A loopback server that records what it received. */
export interface Hostile {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** Requests seen: path + query and the x-api-key header (null when absent). */
  readonly seen: { path: string; key: string | null }[];
  /** Stop it. */
  close(): Promise<void>;
}

/** Serve `handler` on 127.0.0.1, recording every request. */
export function hostile(handler: (req: Request, url: URL) => Response | Promise<Response>): Hostile {
  const seen: { path: string; key: string | null }[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    const url = new URL(req.url);
    seen.push({ path: url.pathname + url.search, key: req.headers.get("x-api-key") });
    return handler(req, url);
  });
  return { url: `http://127.0.0.1:${server.addr.port}`, seen, close: () => server.shutdown() };
}

/**
 * A base URL whose every answer is a 302 to the same path on another origin (`target`, which records what
 * reaches it and answers an empty list).
 */
export function redirecting(): { base: Hostile; target: Hostile; close(): Promise<void> } {
  const target = hostile(() => Response.json({ data: [], meta: { totalItems: 0 } }));
  const base = hostile((_req, url) =>
    new Response(null, { status: 302, headers: { location: `${target.url}${url.pathname}${url.search}` } })
  );
  return { base, target, close: async () => void await Promise.all([base.close(), target.close()]) };
}

/** Assert that `text` does not contain `key` (nor its first 12 characters). */
export function assertNoKey(text: string, where: string, key = KEY): void {
  for (const k of [key, key.slice(0, 12)]) {
    assert.ok(
      !text.includes(k),
      `the key leaked into ${where}: …${text.slice(text.indexOf(k) - 80, text.indexOf(k) + 20)}…`,
    );
  }
}

/** Assert that no file under `dir` (recursively, binary files included) contains the key. */
export async function assertNoKeyInFiles(dir: string, key = KEY): Promise<number> {
  let files = 0;
  const walk = async (d: string): Promise<void> => {
    for await (const e of Deno.readDir(d)) {
      const p = `${d}/${e.name}`;
      if (e.isDirectory) await walk(p);
      else if (e.isFile) {
        files++;
        assertNoKey(new TextDecoder("latin1").decode(await Deno.readFile(p)), p, key);
      }
    }
  };
  await walk(dir).catch((e) => {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
  });
  return files;
}

/** Output of a subprocess. */
export interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Run `deno <args>` in the repository root with `env`, and check that neither stream shows the key. */
export async function runDeno(
  args: string[],
  env: Record<string, string>,
  cwd?: string,
  key = KEY,
): Promise<Run> {
  const root = new URL("..", import.meta.url).pathname;
  const out = await new Deno.Command(Deno.execPath(), {
    args,
    cwd: cwd ?? root,
    env: { NO_COLOR: "1", ...env },
    clearEnv: false,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const run = {
    code: out.code,
    stdout: new TextDecoder().decode(out.stdout),
    stderr: new TextDecoder().decode(out.stderr),
  };
  const cmd = `deno ${args.join(" ").slice(0, 120)}`;
  assertNoKey(run.stdout, `stdout of ${cmd}`, key);
  assertNoKey(run.stderr, `stderr of ${cmd}`, key);
  return run;
}
