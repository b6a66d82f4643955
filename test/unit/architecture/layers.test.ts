/**
 * The floor plan (CONTRIBUTING.md "Architecture"), read from the code's own
 * imports with TypeScript's pre-processor (static imports, re-exports, `require` and `import()`):
 * the core is pure and its layers import only downward; the CLI and the language server never import
 * each other (only the entries in server/src/bin join them); a rule file is imported only by the
 * registry; the client imports nothing of the server's but the protocol; and no module takes part in
 * an import circle at run time.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(__dirname, '../../..');
const SOURCES = ['server/src', 'client/src', 'action/src'];

/**
 * The core's layers, lowest first: a module imports only from its own layer or one below. Each entry is
 * a folder (`syntax/`) or a file directly in core/.
 */
const CORE_LAYERS: readonly (readonly string[])[] = [
  [
    'span.ts',
    'ascii.ts',
    'search.ts',
    'thousands.ts',
    'suggest.ts',
    'bounded.ts',
    'same-data.ts',
    'with-keys.ts',
    'positions.ts',
    'pcre.ts',
    'regex.ts',
    'glob.ts',
    'markup.ts',
    'rule-ids.ts',
    'expr/',
  ],
  ['syntax/', 'directives/'],
  ['model/'],
  ['scheduler/'],
  ['analysis.ts', 'suppressions.ts'],
  // The request model reads an analysis (tree, model, previews) and is computed only when asked.
  ['requests/'],
  ['rules/', 'lint.ts'],
  ['features/', 'reports/', 'preview-facts.ts', 'config-set.ts', 'files.ts'],
  // A running server's balancer-manager page against the previews (balancer-lens status).
  ['live/'],
];

/** What the client may take from the server's code: the protocol's types and names, and the escaping every output shares (a leaf). */
const CLIENT_MAY_IMPORT = new Set(['server/src/protocol.ts', 'server/src/core/markup.ts']);

interface Arrow {
  readonly from: string;
  /** A repository path for a relative import, else the package or built-in name. */
  readonly to: string;
  /** `import type`/`export type`: erased from the bundle, so it cannot close a circle at run time. */
  readonly typeOnly?: boolean;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
    .map((file) => join(folder, file).split('\\').join('/'));
}

function resolveModule(from: string, specifier: string, files: ReadonlySet<string>): string {
  if (!specifier.startsWith('.')) return specifier;
  const base = relative(ROOT, resolve(ROOT, dirname(from), specifier))
    .split('\\')
    .join('/');
  for (const candidate of [`${base}.ts`, `${base}/index.ts`, base]) if (files.has(candidate)) return candidate;
  return base;
}

const files = SOURCES.flatMap(sourceFiles);
const known = new Set(files);
const arrows: Arrow[] = files.flatMap((from) => {
  const text = readFileSync(join(ROOT, from), 'utf8');
  const typeOnly = [...text.matchAll(/^(?:import|export) type [^;]*? from '([^']+)'/gm)].map((match) => match[1]!);
  return ts.preProcessFile(text, true, true).importedFiles.map((imported) => {
    const erased = typeOnly.indexOf(imported.fileName);
    if (erased >= 0) typeOnly.splice(erased, 1);
    return { from, to: resolveModule(from, imported.fileName, known), typeOnly: erased >= 0 };
  });
});

/** The rule files: each is one rule, registered by rules/index.ts and imported by nothing else. */
const RULE_FILES = new Set(
  files.filter((file) => file.startsWith('server/src/core/rules/') && /^export const rule\b/m.test(readFileSync(join(ROOT, file), 'utf8'))),
);

function isBuiltin(module: string): boolean {
  return module.startsWith('node:') || ['fs', 'path', 'os', 'child_process', 'crypto', 'v8', 'vm', 'util', 'process'].includes(module);
}

function coreLayer(path: string): number | undefined {
  if (!path.startsWith('server/src/core/')) return undefined;
  const inside = path.slice('server/src/core/'.length);
  const found = CORE_LAYERS.findIndex((layer) =>
    layer.some((entry) => (entry.endsWith('/') ? inside.startsWith(entry) : inside === entry)),
  );
  return found < 0 ? undefined : found;
}

/** Which part of the product a path is. */
function partOf(path: string): string {
  const match = /^(server\/src\/(?:core|cli|lsp|node|bin)|client\/src|action\/src)\//.exec(path);
  if (match) return match[1]!;
  return path === 'server/src/protocol.ts' ? 'protocol' : path;
}

/** Why an arrow breaks the plan, or undefined when it does not. */
function violation({ from, to }: Arrow): string | undefined {
  if (RULE_FILES.has(to) && from !== 'server/src/core/rules/index.ts' && from !== 'server/src/core/rules/examples.ts')
    return 'a rule file is one rule: what others share lives in a module of its own';
  const source = partOf(from);
  const target = partOf(to);
  switch (source) {
    case 'server/src/core': {
      if (isBuiltin(to) || to.startsWith('vscode')) return 'the core is pure: no Node.js built-ins, no editor API';
      if (target !== 'server/src/core') return 'the core imports nothing outside it';
      const [own, theirs] = [coreLayer(from), coreLayer(to)];
      if (own === undefined || theirs === undefined) return 'every core module belongs to a layer (CORE_LAYERS)';
      return theirs > own ? 'a core layer imports only its own layer or those below' : undefined;
    }
    case 'server/src/node':
      return ['server/src/cli', 'server/src/lsp', 'server/src/bin', 'protocol'].includes(target)
        ? 'node/ serves both edges and imports neither'
        : undefined;
    case 'server/src/cli':
      return ['server/src/lsp', 'server/src/bin', 'protocol'].includes(target) || to.startsWith('vscode')
        ? 'the CLI never imports the language server (bin/ joins them)'
        : undefined;
    case 'server/src/lsp':
      return ['server/src/cli', 'server/src/bin'].includes(target)
        ? 'the language server never imports the CLI (bin/ joins them)'
        : undefined;
    case 'client/src':
      return to.startsWith('server/') && !CLIENT_MAY_IMPORT.has(to)
        ? 'the client imports only the protocol of the server, and its escaping'
        : undefined;
    case 'action/src':
      return to.startsWith('server/') || to.startsWith('client/') ? 'the action summary is bundled alone' : undefined;
    case 'protocol':
      return isBuiltin(to) || to.startsWith('vscode') || !to.startsWith('server/src/core/')
        ? 'the protocol names core types only'
        : undefined;
    default:
      return undefined;
  }
}

/** The import circles at run time: strongly connected groups of modules over the imports that are not type-only (Tarjan). */
function circles(): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to, typeOnly } of arrows) if (known.has(to) && !typeOnly) next.set(from, [...(next.get(from) ?? []), to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const to of next.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    for (let member = stack.pop()!; ; member = stack.pop()!) {
      onStack.delete(member);
      group.push(member);
      if (member === node) break;
    }
    if (group.length > 1 || (next.get(node) ?? []).includes(node)) found.push(group.sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return found;
}

describe('the floor plan', () => {
  it('reads the imports of every module', () => {
    assert.ok(files.length > 150, `only ${files.length} modules found`);
    assert.ok(arrows.some(({ from, to }) => from === 'server/src/core/lint.ts' && to === 'server/src/core/rules/index.ts'));
  });

  it('places every core module in a layer', () => {
    const unplaced = files.filter((file) => file.startsWith('server/src/core/') && coreLayer(file) === undefined);
    assert.deepEqual(unplaced, [], 'add the module to CORE_LAYERS in this test, at the layer it belongs to');
  });

  it('has no arrow against the plan', () => {
    const found = arrows.flatMap((arrow) => {
      const why = violation(arrow);
      return why ? [`${arrow.from} -> ${arrow.to}`] : [];
    });
    assert.deepEqual(found, [], 'an import breaks the floor plan (see the reason with violation())');
  });

  it('has no import circle', () => {
    assert.deepEqual(circles(), []);
  });

  it('keeps the protocol to types and names and the escaping to a leaf, so the client bundles no analysis', () => {
    assert.deepEqual(
      arrows.filter(({ from }) => from === 'server/src/core/markup.ts'),
      [],
    );
    const text = readFileSync(join(ROOT, 'server/src/protocol.ts'), 'utf8');
    assert.deepEqual(
      text.split('\n').filter((line) => /^(import|export) .* from /.test(line) && !/^(import|export) type /.test(line)),
      [],
    );
  });

  it('tells each kind of arrow against the plan', () => {
    const cases: [Arrow, boolean][] = [
      [{ from: 'server/src/core/syntax/parser.ts', to: 'server/src/core/rules/index.ts' }, true],
      [{ from: 'server/src/core/rules/x.ts', to: 'server/src/core/syntax/tree.ts' }, false],
      [{ from: 'server/src/core/model/build.ts', to: 'node:fs' }, true],
      [{ from: 'server/src/core/model/build.ts', to: 'server/src/node/files.ts' }, true],
      [{ from: 'server/src/cli/run.ts', to: 'server/src/lsp/server.ts' }, true],
      [{ from: 'server/src/lsp/server.ts', to: 'server/src/cli/io.ts' }, true],
      [{ from: 'server/src/bin/cli.ts', to: 'server/src/lsp/server.ts' }, false],
      [{ from: 'client/src/extension.ts', to: 'server/src/core/scheduler/letters.ts' }, true],
      [{ from: 'client/src/extension.ts', to: 'server/src/protocol.ts' }, false],
      [{ from: 'server/src/core/rules/location-order.ts', to: 'server/src/core/rules/zero-loadfactor.ts' }, true],
    ];
    for (const [arrow, breaks] of cases) assert.equal(violation(arrow) !== undefined, breaks, `${arrow.from} -> ${arrow.to}`);
  });
});
