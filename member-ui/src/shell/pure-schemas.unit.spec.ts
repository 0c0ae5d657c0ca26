import { markSchemasPure } from '../../vite-pure-schemas';

const PURE = '/*#__PURE__*/ ';

describe("the build's pure schemas (vite-pure-schemas.ts)", () => {
  it("marks every zod call of a contract module, schemas derived from the module's own and event definitions, once per chain", () => {
    const marked = markSchemasPure(
      [
        'export const LIMIT = 5;',
        'const base = z.object({ a: z.string().min(1) });',
        'export const extended = base.extend({ b: z.number() }).optional();',
        "export const either = z.union([base, z.literal(1)]).refine((x) => !!x, { message: 'x' });",
        "export const Changed = defineEvent('Changed', 1, z.object({ id: z.string() }));",
        'export const wrapped = register(base);',
        'export const listed = [1, 2].map((n) => n * 2);',
        'export const field = () => z.string();',
      ].join('\n'),
    );
    expect(marked?.split('\n')).toEqual([
      'export const LIMIT = 5;',
      `const base = ${PURE}z.object({ a: ${PURE}z.string().min(1) });`,
      `export const extended = ${PURE}base.extend({ b: ${PURE}z.number() }).optional();`,
      `export const either = ${PURE}z.union([base, ${PURE}z.literal(1)]).refine((x) => !!x, { message: 'x' });`,
      `export const Changed = ${PURE}defineEvent('Changed', 1, ${PURE}z.object({ id: ${PURE}z.string() }));`,
      // a call that is not a schema's may do anything: it stays as it is
      'export const wrapped = register(base);',
      'export const listed = [1, 2].map((n) => n * 2);',
      `export const field = () => ${PURE}z.string();`,
    ]);
  });

  it('leaves a module without schemas as it is', () => {
    expect(markSchemasPure("export const TOPIC = 'appointments';\nexport const isOpen = (s: string) => s === 'open';")).toBeUndefined();
  });
});
