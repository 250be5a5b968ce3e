/**
 * docs/MCP.md lists the tools the server lists: the count it states and every tool name it names under
 * "## Tools" are those of the server's tools/list (an in-process server over Streamable HTTP).
 */
import assert from "node:assert/strict";
// @ts-types="@modelcontextprotocol/sdk/types"
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { overHttp } from "./_mcp.ts";

const DOC = new URL("../../docs/MCP.md", import.meta.url);

const WORDS: Record<string, number> = {
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
};

Deno.test("docs/MCP.md names the tools the server lists, and their number", async () => {
  const doc = await Deno.readTextFile(DOC);
  const section = /## Tools\n([\s\S]*?)\n## /.exec(doc)?.[1] ?? "";
  assert.ok(section, "docs/MCP.md has a ## Tools section");
  const named = [...new Set([...section.matchAll(/`([a-z]+(?:_[a-z]+)+|chart)`/g)].map((m) => m[1]))].sort();
  const count = /\b(\d+|[a-z]+) tools\b/.exec(section)?.[1] ?? "";
  await using conn = await overHttp();
  const { tools } = await conn.mcp.listTools();
  const listed = tools.map((t: Tool) => t.name).sort();
  assert.deepEqual(named, listed, "the tools named in docs/MCP.md's ## Tools");
  assert.equal(WORDS[count] ?? Number(count), listed.length, `docs/MCP.md says "${count} tools"`);
});
