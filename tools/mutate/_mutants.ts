/**
 * Private: find the mutation points of one TypeScript source with the TypeScript compiler API (parser
 * only, no type checker) and describe each mutant as a text edit. Operators, in the spirit of Stryker's:
 * comparison boundaries and negations, equality, logical and arithmetic operators, conditions forced
 * true/false, `!x` → `x`, booleans, token strings ("" ↔ "x"; prose — a message or a description — is
 * not mutated), numbers (n → n+1), empty arrays, removed statements, optional chaining, method swaps.
 * Every mutant is re-parsed and dropped if it is not valid syntax.
 *
 * @module
 */
import ts from "typescript";

/** One mutant: replace `[start, end)` of the source with `text`. */
export interface Mutant {
  /** Stable id within the file (its order of discovery). */
  readonly id: number;
  /** Operator name (`EqualityOperator`, `ConditionalExpression`…). */
  readonly operator: string;
  readonly start: number;
  readonly end: number;
  /** 1-based line and column of `start`. */
  readonly line: number;
  readonly column: number;
  readonly original: string;
  readonly text: string;
}

const BINARY: Readonly<Record<string, readonly [string, string][]>> = {
  "<": [["EqualityOperator", "<="], ["EqualityOperator", ">="]],
  "<=": [["EqualityOperator", "<"], ["EqualityOperator", ">"]],
  ">": [["EqualityOperator", ">="], ["EqualityOperator", "<="]],
  ">=": [["EqualityOperator", ">"], ["EqualityOperator", "<"]],
  "===": [["EqualityOperator", "!=="]],
  "!==": [["EqualityOperator", "==="]],
  "==": [["EqualityOperator", "!="]],
  "!=": [["EqualityOperator", "=="]],
  "&&": [["LogicalOperator", "||"]],
  "||": [["LogicalOperator", "&&"]],
  "??": [["LogicalOperator", "&&"]],
  "+": [["ArithmeticOperator", "-"]],
  "-": [["ArithmeticOperator", "+"]],
  "*": [["ArithmeticOperator", "/"]],
  "/": [["ArithmeticOperator", "*"]],
  "%": [["ArithmeticOperator", "*"]],
  "**": [["ArithmeticOperator", "*"]],
  "+=": [["AssignmentOperator", "-="]],
  "-=": [["AssignmentOperator", "+="]],
  "??=": [["AssignmentOperator", "&&="]],
};

const METHODS: Readonly<Record<string, string>> = {
  min: "max",
  max: "min",
  some: "every",
  every: "some",
  startsWith: "endsWith",
  endsWith: "startsWith",
  toUpperCase: "toLowerCase",
  toLowerCase: "toUpperCase",
  floor: "ceil",
  ceil: "floor",
  trimStart: "trimEnd",
  trimEnd: "trimStart",
};

/** Calls whose removal (`x.trim()` → `x`) is a mutant. */
const DROPPABLE = new Set(["trim", "slice", "filter", "sort", "toUpperCase", "toLowerCase", "reverse"]);

/** Prose (a message, a description) is not a mutation point: three or more words. */
function isProse(s: string): boolean {
  return s.trim().split(/\s+/).length >= 3;
}

function inTypeOrImport(node: ts.Node): boolean {
  for (let n: ts.Node | undefined = node; n; n = n.parent) {
    if (ts.isTypeNode(n) || ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) return true;
    if (ts.isInterfaceDeclaration(n) || ts.isTypeAliasDeclaration(n)) return true;
    if (ts.isLiteralTypeNode(n) || ts.isImportTypeNode(n)) return true;
  }
  return false;
}

function validSyntax(source: string): boolean {
  const sf = ts.createSourceFile("m.ts", source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  return ((sf as unknown as { parseDiagnostics?: unknown[] }).parseDiagnostics ?? []).length === 0;
}

/** All mutants of `source` (a `.ts` file's text). */
export function findMutants(source: string): Mutant[] {
  const sf = ts.createSourceFile("m.ts", source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const out: Mutant[] = [];
  const seen = new Set<string>();
  const add = (operator: string, start: number, end: number, text: string) => {
    const original = source.slice(start, end);
    const key = `${start}:${end}:${text}`;
    if (original === text || seen.has(key)) return;
    seen.add(key);
    const mutated = source.slice(0, start) + text + source.slice(end);
    if (!validSyntax(mutated)) return;
    const { line, character } = sf.getLineAndCharacterOfPosition(start);
    out.push({ id: out.length, operator, start, end, line: line + 1, column: character + 1, original, text });
  };
  const cond = (e: ts.Expression) => {
    if (e.kind === ts.SyntaxKind.TrueKeyword || e.kind === ts.SyntaxKind.FalseKeyword) return;
    add("ConditionalExpression", e.getStart(), e.end, "true");
    add("ConditionalExpression", e.getStart(), e.end, "false");
  };

  const visit = (node: ts.Node): void => {
    if (inTypeOrImport(node) && !ts.isSourceFile(node)) return;
    if (ts.isBinaryExpression(node)) {
      const op = node.operatorToken.getText();
      for (const [name, to] of BINARY[op] ?? []) {
        add(name, node.operatorToken.getStart(), node.operatorToken.end, to);
      }
      if (["&&", "||"].includes(op)) cond(node);
    } else if (ts.isIfStatement(node) || ts.isWhileStatement(node) || ts.isDoStatement(node)) {
      cond(node.expression);
    } else if (ts.isForStatement(node) && node.condition) {
      add("ConditionalExpression", node.condition.getStart(), node.condition.end, "false");
    } else if (ts.isConditionalExpression(node)) {
      cond(node.condition);
    } else if (ts.isPrefixUnaryExpression(node)) {
      if (node.operator === ts.SyntaxKind.ExclamationToken) {
        add("BooleanLiteral", node.getStart(), node.operand.getStart(), "");
      } else if (node.operator === ts.SyntaxKind.MinusToken && !ts.isNumericLiteral(node.operand)) {
        add("UnaryOperator", node.getStart(), node.operand.getStart(), "");
      } else if (node.operator === ts.SyntaxKind.PlusPlusToken) {
        add("UpdateOperator", node.getStart(), node.operand.getStart(), "--");
      } else if (node.operator === ts.SyntaxKind.MinusMinusToken) {
        add("UpdateOperator", node.getStart(), node.operand.getStart(), "++");
      }
    } else if (ts.isPostfixUnaryExpression(node)) {
      const to = node.operator === ts.SyntaxKind.PlusPlusToken ? "--" : "++";
      add("UpdateOperator", node.operand.end, node.end, to);
    } else if (node.kind === ts.SyntaxKind.TrueKeyword) {
      add("BooleanLiteral", node.getStart(), node.end, "false");
    } else if (node.kind === ts.SyntaxKind.FalseKeyword) {
      add("BooleanLiteral", node.getStart(), node.end, "true");
    } else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const p = node.parent;
      const isKey =
        (ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p) || ts.isMethodDeclaration(p)) &&
        p.name === node;
      if (!isKey && !ts.isElementAccessExpression(p) && !isProse(node.text)) {
        add("StringLiteral", node.getStart(), node.end, node.text === "" ? '"Stryker was here!"' : '""');
      }
    } else if (ts.isNumericLiteral(node)) {
      const p = node.parent;
      const isKey = ts.isPropertyAssignment(p) && p.name === node;
      const v = Number(node.text.replaceAll("_", ""));
      if (!isKey && Number.isFinite(v)) add("NumberLiteral", node.getStart(), node.end, String(v + 1));
    } else if (ts.isArrayLiteralExpression(node) && node.elements.length > 0) {
      add("ArrayDeclaration", node.getStart(), node.end, "[]");
    } else if (ts.isExpressionStatement(node)) {
      add("StatementRemoval", node.getStart(), node.end, ";");
    } else if (ts.isCallExpression(node) && node.questionDotToken) {
      add("OptionalChaining", node.questionDotToken.getStart(), node.questionDotToken.end, "");
    } else if (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) {
      if (node.questionDotToken) {
        add(
          "OptionalChaining",
          node.questionDotToken.getStart(),
          node.questionDotToken.end,
          ts.isPropertyAccessExpression(node) ? "." : "",
        );
      }
      const id = ts.isPropertyAccessExpression(node) ? node.name : undefined;
      const name = id?.text;
      if (
        id && name && METHODS[name] && ts.isCallExpression(node.parent) && node.parent.expression === node
      ) {
        add("MethodExpression", id.getStart(), id.end, METHODS[name]);
      }
      if (
        name && DROPPABLE.has(name) && ts.isCallExpression(node.parent) && node.parent.expression === node
      ) {
        add("MethodExpression", node.parent.getStart(), node.parent.end, node.expression.getText());
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out.map((m, id) => ({ ...m, id }));
}

/** The source with mutant `m` applied. */
export function applyMutant(source: string, m: Mutant): string {
  return source.slice(0, m.start) + m.text + source.slice(m.end);
}
