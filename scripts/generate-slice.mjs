#!/usr/bin/env node
// The slice generator (docs/ARCHITECTURE.md, "Adding a feature"): writes one use case of the write side on
// the house template, and, for a feature that does not exist yet, the feature around it.
//
//   npm run generate:slice -- --feature notes --use-case pinning-note --command PinNote --event NotePinned \
//     --method post --path /api/v1/notes/:id/pin --auth member
//
// A new feature gets: contracts/src/<feature>/<feature>.ts (stream, request schema, event) registered in the
// contracts' registry and index; command-service/src/<feature>/ with the decider, its given/when/then spec
// and the Nest module, listed in command-service/src/features.ts. Every use case gets
// <feature>/<use-case>/ with the typed command and its handler (load, decide, append), the controller
// (@Endpoint: auth, body, answers) and an HTTP spec. In an existing feature, the slice is added to the
// module; the decider's new case is yours to write (the generator says where).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    feature: { type: 'string' },
    'use-case': { type: 'string' },
    command: { type: 'string' },
    event: { type: 'string' },
    method: { type: 'string', default: 'post' },
    path: { type: 'string' },
    auth: { type: 'string', default: 'member' },
    root: { type: 'string', default: new URL('..', import.meta.url).pathname },
  },
});

const fail = (message) => {
  process.stderr.write(`generate-slice: ${message}\n`);
  process.exit(2);
};
const kebab = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const pascal = /^[A-Z][A-Za-z0-9]+$/;
const { feature, command, event, method, path, auth, root } = values;
const useCase = values['use-case'];
if (!feature || !kebab.test(feature)) fail('--feature is a kebab-case name, e.g. notes');
if (!useCase || !kebab.test(useCase)) fail('--use-case is a kebab-case gerund, e.g. pinning-note');
if (!command || !pascal.test(command)) fail('--command is a PascalCase imperative, e.g. PinNote');
if (!event || !pascal.test(event)) fail('--event is a PascalCase past tense, e.g. NotePinned');
if (!['post', 'put', 'patch', 'delete'].includes(method)) fail('--method is post, put, patch or delete');
if (!path || !/^\/[A-Za-z0-9_/:-]+$/.test(path) || !path.includes('/:id')) fail('--path names the aggregate as :id, e.g. /api/v1/notes/:id/pin');
if (!['member', 'admin', 'auditor'].includes(auth)) fail('--auth is member, admin or auditor');

const camel = (name) => name.replace(/-([a-z0-9])/g, (_m, c) => c.toUpperCase());
const upperSnake = (name) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
const fileOf = (name) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
const Feature = camel(feature).replace(/^./, (c) => c.toUpperCase());
const featureCamel = camel(feature);
const aggregateId = `${featureCamel.replace(/s$/, '')}_id`.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
const streamPrefix = feature.replace(/-/g, '').replace(/s$/, '');
const streamFn = `${camel(feature.replace(/s$/, ''))}Stream`;
const commandFile = fileOf(command);
const COMMAND = upperSnake(command);
const requestSchema = `${command[0].toLowerCase()}${command.slice(1)}RequestSchema`;
const [controllerPath, routePath] = (() => {
  const at = path.indexOf('/:id');
  return [path.slice(1, at), path.slice(at + 1)];
})();
const Method = method[0].toUpperCase() + method.slice(1);
const httpCode = method === 'post' && routePath === ':id' ? 201 : 200;

const written = [];
const write = (file, text, { overwrite = false } = {}) => {
  const target = join(root, file);
  if (existsSync(target) && !overwrite) fail(`${file} exists already`);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, text);
  written.push(file);
};
const edit = (file, change) => {
  const target = join(root, file);
  const before = readFileSync(target, 'utf8');
  const after = change(before);
  if (after === before) fail(`could not add the slice to ${file}`);
  writeFileSync(target, after);
  written.push(file);
};
/** appends `entry` to the array literal that `marker` opens (e.g. 'providers: ['), in the list's own layout */
const addToList = (text, marker, entry) => {
  const at = text.indexOf(marker);
  if (at < 0) return text;
  let depth = 0;
  let close = at + marker.length;
  for (; close < text.length; close += 1) {
    if (text[close] === '[') depth += 1;
    else if (text[close] === ']' && depth-- === 0) break;
  }
  const inside = text.slice(at + marker.length, close);
  if (!inside.includes('\n')) return `${text.slice(0, close)}${inside.trim() ? ', ' : ''}${entry}${text.slice(close)}`;
  const lineStart = text.lastIndexOf('\n', close) + 1;
  const indent = `${text.slice(lineStart, close)}  `;
  return `${text.slice(0, lineStart)}${indent}${entry},\n${text.slice(lineStart)}`;
};
/** adds an import after the file's last import */
const addImport = (text, line) => {
  const imports = [...text.matchAll(/^import [^;]+;$/gm)];
  const after = imports.length > 0 ? imports[imports.length - 1].index + imports[imports.length - 1][0].length : 0;
  return `${text.slice(0, after)}\n${line}${text.slice(after)}`;
};

const featureDir = `command-service/src/${feature}`;
const sliceDir = `${featureDir}/${useCase}`;
const contractsFile = `contracts/src/${feature}/${feature}.ts`;
const newFeature = !existsSync(join(root, featureDir));
if (existsSync(join(root, sliceDir))) fail(`${sliceDir} exists already`);

if (newFeature) {
  write(
    contractsFile,
    `import { z } from 'zod';
import { defineEvent, type EventOf } from '../common/events';
import { safeText } from '../common/safe-text';

/** One stream per ${feature.replace(/s$/, '')}. */
export const ${streamFn} = (id: string): string => \`${streamPrefix}-\${id}\`;

export const ${upperSnake(Feature)}_NOTE_MAX = 200;

/** ${method.toUpperCase()} ${path.replace(':id', '{id}')} */
export const ${requestSchema} = z
  .object({ note: safeText(z.string().trim().max(${upperSnake(Feature)}_NOTE_MAX, { message: 'too_long' })).default('') })
  .strict();

export const ${event} = defineEvent('${event}', 1, z.object({ ${aggregateId}: z.string(), note: z.string() }));

export const ${featureCamel}Events = [${event}] as const;
export type ${Feature}Event = EventOf<typeof ${event}>;
`,
  );
  edit('contracts/src/registry.ts', (text) =>
    addToList(addImport(text, `import { ${featureCamel}Events } from './${feature}/${feature}';`), 'new Map(\n  [', `...${featureCamel}Events`),
  );
  edit('contracts/src/index.ts', (text) => `${text}export * from './${feature}/${feature}';\n`);

  write(
    `${featureDir}/${feature}.decider.ts`,
    `import type { ${Feature}Event } from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';

/** What the decisions about one ${feature.replace(/s$/, '')} need to know, folded from its stream. */
export interface ${Feature}State {
  ${aggregateId}: string | null;
  notes: number;
}

export type ${Feature}Command = { type: '${command}'; ${aggregateId}: string; note: string };

/** a stream this long is refused: an example of a rule, replace it with the feature's own */
export const ${upperSnake(Feature)}_LIMIT = 1000;

export const ${featureCamel}Decider: Decider<${Feature}State, ${Feature}Command, ${Feature}Event> = {
  initialState: () => ({ ${aggregateId}: null, notes: 0 }),
  evolve: (state, event) => {
    switch (event.type) {
      case '${event}':
        return { ${aggregateId}: event.data.${aggregateId}, notes: state.notes + 1 };
      default:
        return state;
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case '${command}':
        if (state.notes >= ${upperSnake(Feature)}_LIMIT) throw new DomainError('too_many_notes', 'refused');
        return [{ type: '${event}', data: { ${aggregateId}: command.${aggregateId}, note: command.note } }];
    }
  },
};
`,
  );
  write(
    `${featureDir}/${feature}.decider.unit.spec.ts`,
    `import type { ${Feature}Event } from '@cn/contracts';
import { deciderSpecification } from '@cn/platform/testing';
import { ${featureCamel}Decider, ${upperSnake(Feature)}_LIMIT, type ${Feature}Command } from './${feature}.decider';

const spec = deciderSpecification(${featureCamel}Decider);
const command: ${Feature}Command = { type: '${command}', ${aggregateId}: 'x1', note: 'first' };
const recorded = (note: string): ${Feature}Event => ({ type: '${event}', data: { ${aggregateId}: 'x1', note } });

describe('${featureCamel}Decider', () => {
  it('records ${event}', () => {
    spec.given([]).when(command).then([recorded('first')]);
  });

  it('folds what was recorded', () => {
    expect(spec.state([recorded('a'), recorded('b')])).toEqual({ ${aggregateId}: 'x1', notes: 2 });
  });

  it('refuses past the limit', () => {
    const full = Array.from({ length: ${upperSnake(Feature)}_LIMIT }, (_v, i) => recorded(String(i)));
    expect(spec.given(full).when(command).thenRefused('too_many_notes').kind).toBe('refused');
  });
});
`,
  );
  write(
    `${featureDir}/${feature}.module.ts`,
    `import { Module } from '@nestjs/common';
import { ${command}Handler } from './${useCase}/${commandFile}.command';
import { ${command}Controller } from './${useCase}/${commandFile}.controller';

/** ${Feature}: its controllers and command handlers (one folder per use case). */
@Module({
  controllers: [${command}Controller],
  providers: [${command}Handler],
})
export class ${Feature}Module {}
`,
  );
  edit('command-service/src/features.ts', (text) =>
    addToList(addImport(text, `import { ${Feature}Module } from './${feature}/${feature}.module';`), 'COMMAND_FEATURES: Type[] = [', `${Feature}Module`),
  );
} else {
  edit(`${featureDir}/${feature}.module.ts`, (text) =>
    addToList(
      addToList(
        addImport(
          addImport(text, `import { ${command}Controller } from './${useCase}/${commandFile}.controller';`),
          `import { ${command}Handler } from './${useCase}/${commandFile}.command';`,
        ),
        'controllers: [',
        `${command}Controller`,
      ),
      'providers: [',
      `${command}Handler`,
    ),
  );
}

write(
  `${sliceDir}/${commandFile}.command.ts`,
  `import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import { ${streamFn}, type ${requestSchema} } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { CommandRunner } from '../../core/command-runner';
import { ${featureCamel}Decider } from '../${feature}.decider';

export const ${COMMAND} = '${command}';

/** Who issues it and the parsed payload: no request, no body. */
export class ${command}Command extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: z.output<typeof ${requestSchema}> & { ${aggregateId}: string },
  ) {
    super();
  }
}

/** Load, decide, append: the guard authenticated, the payload is parsed. */
@CommandHandler(${command}Command)
export class ${command}Handler implements ICommandHandler<${command}Command> {
  constructor(private readonly commands: CommandRunner) {}

  async execute({ issuer, payload }: ${command}Command): Promise<{ position: number }> {
    const handled = await this.commands.run(${COMMAND}, {
      streamId: ${streamFn}(payload.${aggregateId}),
      decider: ${featureCamel}Decider,
      command: { type: '${command}', ${aggregateId}: payload.${aggregateId}, note: payload.note },
      context: issuer,
    });
    return { position: handled.position };
  }
}
`,
);
write(
  `${sliceDir}/${commandFile}.controller.ts`,
  `import { Controller, HttpCode, Param, ${Method}, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { ${requestSchema}, type CommandAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { ${COMMAND}, ${command}Command } from './${commandFile}.command';

@Controller('${controllerPath}')
export class ${command}Controller {
  constructor(private readonly commands: CommandBus) {}

  @${Method}('${routePath}')
  @HttpCode(${httpCode})
  @Endpoint({
    summary: '${command.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/^(.)(.*)$/, (_m, a, b) => a + b.toLowerCase())}',
    tags: ['${feature}'],
    auth: '${auth}',
    command: ${COMMAND},
    body: ${requestSchema},
    responses: { ${httpCode}: commandAnswer('accepted, { position }'), 422: 'too_many_notes' },
  })
  async handle(
    @Issuer() issuer: CommandContext,
    @Param('id') id: string,
    @Payload() payload: Omit<${command}Command['payload'], '${aggregateId}'>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new ${command}Command(issuer, { ...payload, ${aggregateId}: id }));
    return commandAccepted(res, position);
  }
}
`,
);
const signedInAs = auth === 'member' ? 'member@example.org' : 'admin@example.org';
write(
  `${sliceDir}/${commandFile}.int.spec.ts`,
  `import { ${streamFn} } from '@cn/contracts';
import { startTestService, type TestService } from '../../__tests__/command-service-app';

describe('${method.toUpperCase()} ${path.replace(':id', '{id}')}', () => {
  let service: TestService;
  let headers: Record<string, string>;
  beforeAll(async () => {
    service = await startTestService();
    headers = (await service.signIn('${signedInAs}')).headers;
  });
  afterAll(() => service.close());

  const url = '${path.replace(':id', 'x1')}';

  it('appends ${event} and answers its position', async () => {
    const res = await service.http.${method === 'delete' ? 'delete' : method}(url).set(headers).send({ note: 'hello' }).expect(${httpCode});
    const [recorded] = await service.infra.eventStore.readStream(${streamFn}('x1'));
    expect(recorded).toMatchObject({ type: '${event}', data: { ${aggregateId}: 'x1', note: 'hello' }, position: res.body.position });
  });

  it('answers 401 before looking at the body when signed out', async () => {
    const res = await service.http.${method === 'delete' ? 'delete' : method}(url).send({ note: 42 }).expect(401);
    expect(res.body.error).toBe('unauthenticated');
  });

  it('answers 400 with the field and key, and appends nothing', async () => {
    const before = await service.infra.eventStore.headPosition();
    const res = await service.http.${method === 'delete' ? 'delete' : method}(url).set(headers).send({ note: 42 }).expect(400);
    expect(res.body.errors).toEqual([{ field: 'note', key: 'invalid_type' }]);
    expect(await service.infra.eventStore.headPosition()).toBe(before);
  });
});
`,
);

process.stdout.write(`${written.map((file) => `  ${relative(root, join(root, file))}`).join('\n')}\n`);
if (!newFeature) {
  process.stdout.write(
    `\nNext: add '${command}' to ${featureDir}/${feature}.decider.ts (its command union, decide and, for ${event}, evolve), and ${event} to ${contractsFile} with its request schema ${requestSchema}.\n`,
  );
}
