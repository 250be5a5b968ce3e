/**
 * Private: the line of every value in a JSON text, by path (`analyses.0.params`), so validation
 * errors can name the line a user must edit. A small scanner over the text the parser already
 * accepted (strings, numbers, literals, arrays, objects).
 *
 * @module
 */

/** Path (keys and indexes joined with `.`) → 1-based line of the value (of the key, for members). */
export function jsonLines(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  let i = 0;
  let line = 1;
  const ws = () => {
    while (i < text.length && /\s/.test(text[i])) {
      if (text[i] === "\n") line++;
      i++;
    }
  };
  const str = (): string => {
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i));
  };
  const value = (path: string, at?: number): void => {
    ws();
    if (!lines.has(path)) lines.set(path, at ?? line);
    const c = text[i];
    const child = (k: string | number) => (path ? `${path}.${k}` : String(k));
    if (c === "{") {
      i++;
      ws();
      if (text[i] === "}") return void i++;
      for (;;) {
        ws();
        const keyLine = line;
        const k = str();
        ws();
        i++; // :
        value(child(k), keyLine);
        ws();
        if (text[i++] === "}") return;
      }
    } else if (c === "[") {
      i++;
      ws();
      if (text[i] === "]") return void i++;
      for (let n = 0;; n++) {
        value(child(n));
        ws();
        if (text[i++] === "]") return;
      }
    } else if (c === '"') str();
    else while (i < text.length && /[^\s,\]}]/.test(text[i])) i++;
  };
  value("");
  return lines;
}

/**
 * The line a path points at: the deepest path prefix that exists in the text (a missing member is
 * reported at its parent object).
 *
 * @param lines From {@linkcode jsonLines}.
 * @param path The path segments (zod issue path).
 * @returns The 1-based line.
 */
export function lineOf(lines: Map<string, number>, path: readonly PropertyKey[]): number {
  for (let n = path.length; n >= 0; n--) {
    const hit = lines.get(path.slice(0, n).map(String).join("."));
    if (hit !== undefined) return hit;
  }
  return 1;
}

/**
 * The 1-based line and column of a JSON syntax error (from the parser's `position N` or `line L column C`).
 *
 * @param text The JSON text.
 * @param message The SyntaxError message.
 * @returns Line and column, when the message says where.
 */
export function syntaxErrorAt(text: string, message: string): { line: number; column: number } | undefined {
  const lc = /line (\d+) column (\d+)/.exec(message);
  if (lc) return { line: Number(lc[1]), column: Number(lc[2]) };
  const pos = /position (\d+)/.exec(message);
  if (!pos) return undefined;
  const before = text.slice(0, Number(pos[1]));
  return { line: before.split("\n").length, column: before.length - before.lastIndexOf("\n") };
}
