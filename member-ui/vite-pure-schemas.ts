import ts from 'typescript';
import type { Plugin } from 'vite';

/** the contracts' sources (`@cn/contracts` resolves to them, vite.config.ts) */
const CONTRACT_SOURCE = /\/contracts\/src\/.+\.ts$/;
/** a schema derived from another of the same module (`base.extend({...})`, `.pick`, `.omit`, …) */
const DERIVING = new Set(['extend', 'pick', 'omit', 'partial', 'required', 'merge', 'and', 'or', 'optional', 'nullable', 'nullish', 'array', 'refine', 'superRefine', 'transform', 'pipe', 'default', 'catch', 'describe', 'brand', 'readonly']);

/** the contracts' helpers that only build a schema or an event's definition from their arguments */
const BUILDERS = new Set(['defineEvent', 'safeText']);

/** the identifier a call chain starts from (`z` in `z.object({}).optional()`), if any */
const rootOf = (expression: ts.Expression): ts.Identifier | undefined => {
  let at: ts.Expression = expression;
  for (;;) {
    if (ts.isCallExpression(at) || ts.isPropertyAccessExpression(at)) at = at.expression;
    else if (ts.isIdentifier(at)) return at;
    else return undefined;
  }
};

/** the method a call chain ends with (`optional` in `base.extend({}).optional()`) */
const methodOf = (call: ts.CallExpression): string | undefined => (ts.isPropertyAccessExpression(call.expression) ? call.expression.name.text : undefined);

/**
 * `source` with every zod schema built at the top of a module marked pure (`/*#__PURE__*\/`): calls on `z`,
 * wherever they stand, schemas derived from one of the module's own schemas in a top-level declaration, and
 * the builders' calls (an event's definition, `defineEvent`; a safe text's schema, `safeText`).
 * Rollup then drops the schemas no chunk reads, where it otherwise kept (and ran on load) every schema of a
 * contract module a page needed one constant of. Answers `undefined` when nothing is marked.
 */
export const markSchemasPure = (source: string, fileName = 'module.ts'): string | undefined => {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const schemas = new Set<string>(['z']);
  const at = new Set<number>();
  const isSchemaCall = (node: ts.Node): node is ts.CallExpression => {
    if (!ts.isCallExpression(node)) return false;
    if (ts.isIdentifier(node.expression) && BUILDERS.has(node.expression.text)) return true;
    const root = rootOf(node);
    if (!root || !schemas.has(root.text)) return false;
    return root.text === 'z' || DERIVING.has(methodOf(node) ?? '');
  };
  // a chain's calls start where it starts: one mark covers it (`at` is a set), its arguments get their own
  const visit = (node: ts.Node): void => {
    if (isSchemaCall(node)) at.add(node.getStart(file));
    node.forEachChild(visit);
  };
  for (const statement of file.statements) {
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (declaration.initializer && ts.isIdentifier(declaration.name) && isSchemaCall(declaration.initializer)) schemas.add(declaration.name.text);
      }
    }
    visit(statement);
  }
  if (at.size === 0) return undefined;
  let out = source;
  for (const position of [...at].sort((a, b) => b - a)) out = `${out.slice(0, position)}/*#__PURE__*/ ${out.slice(position)}`;
  return out;
};

/** Build only: marks the contracts' schemas pure before esbuild and Rollup see them (vite.config.ts) */
export const pureSchemas = (): Plugin => ({
  name: 'cn-pure-schemas',
  apply: 'build',
  enforce: 'pre',
  transform(code, id) {
    if (!CONTRACT_SOURCE.test(id)) return null;
    const marked = markSchemasPure(code, id);
    // map null: the marks are comments, lines stay where they were (columns of a marked line shift a little)
    return marked === undefined ? null : { code: marked, map: null };
  },
});
