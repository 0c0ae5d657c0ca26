import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The slice generator (scripts/generate-slice.mjs) on a copy of the write side's sources: the feature it
 * writes compiles, and its decider spec and HTTP spec pass there.
 */
const repository = join(__dirname, '..', '..');
const COPIED = ['contracts', 'domain-core', 'platform', 'command-service'];

describe('npm run generate:slice', () => {
  let root: string;
  const run = (file: string, args: string[]): string =>
    execFileSync(process.execPath, [file, ...args], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const generate = (args: string[]): string => run(join(repository, 'scripts', 'generate-slice.mjs'), ['--root', root, ...args]);

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'cn-slice-'));
    for (const project of COPIED) {
      for (const entry of ['src', 'package.json', 'tsconfig.json']) {
        cpSync(join(repository, project, entry), join(root, project, entry), { recursive: true });
      }
    }
    for (const file of ['tsconfig.base.json', 'jest.config.js', 'jest.setup-dom.cjs', 'jest.css-stub.cjs', 'package.json']) cpSync(join(repository, file), join(root, file));
    symlinkSync(join(repository, 'node_modules'), join(root, 'node_modules'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('writes a new feature that compiles and whose specs pass', () => {
    const written = generate([
      '--feature', 'notes',
      '--use-case', 'pinning-note',
      '--command', 'PinNote',
      '--event', 'NotePinned',
      '--method', 'post',
      '--path', '/api/v1/notes/:id/pin',
    ]);
    expect(written).toContain('command-service/src/notes/pinning-note/pin-note.command.ts');
    expect(readFileSync(join(root, 'command-service/src/features.ts'), 'utf8')).toMatch(/NotesModule,\n\];/);
    expect(readFileSync(join(root, 'contracts/src/registry.ts'), 'utf8')).toContain('...notesEvents,');

    // throws (with tsc's messages) unless everything compiles
    run(join(repository, 'node_modules/typescript/bin/tsc'), ['-p', 'command-service']);
    const jest = run(join(repository, 'node_modules/jest/bin/jest.js'), ['--selectProjects', 'unit', 'int', '--testPathPatterns', 'command-service/src/notes', '--json']);
    const report = JSON.parse(jest) as { numPassedTests: number; numFailedTests: number; numTotalTestSuites: number };
    expect(report).toMatchObject({ numTotalTestSuites: 2, numFailedTests: 0 });
    expect(report.numPassedTests).toBeGreaterThanOrEqual(6);
  }, 240_000);

  it('adds a second use case to the feature module and refuses to overwrite one', () => {
    generate(['--feature', 'notes', '--use-case', 'unpinning-note', '--command', 'UnpinNote', '--event', 'NoteUnpinned', '--method', 'delete', '--path', '/api/v1/notes/:id/pin']);
    const module = readFileSync(join(root, 'command-service/src/notes/notes.module.ts'), 'utf8');
    expect(module).toContain('controllers: [PinNoteController, UnpinNoteController]');
    expect(module).toContain('providers: [PinNoteHandler, UnpinNoteHandler]');
    expect(existsSync(join(root, 'command-service/src/notes/unpinning-note/unpin-note.int.spec.ts'))).toBe(true);
    expect(() => generate(['--feature', 'notes', '--use-case', 'unpinning-note', '--command', 'UnpinNote', '--event', 'NoteUnpinned', '--path', '/api/v1/notes/:id/pin'])).toThrow(
      /exists already/,
    );
  });

  it('refuses bad names with a clear message', () => {
    expect(() => generate(['--feature', 'Notes', '--use-case', 'x', '--command', 'PinNote', '--event', 'NotePinned', '--path', '/a/:id'])).toThrow(/--feature is a kebab-case name/);
  });
});
