/** Reads a V8 `.cpuprofile` (node --cpu-prof) into the functions that take the most time. */
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  readonly children?: readonly number[];
}

interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** One function's share of a profile. */
export interface HotSpot {
  /** `name file`, the source file relative to the repository (bundles are mapped back by esbuild's `// file` markers). */
  readonly function: string;
  readonly ms: number;
  readonly percent: number;
}

/** The top functions by self time and by inclusive time (time with everything they call). */
export interface ProfileSummary {
  readonly totalMs: number;
  readonly self: readonly HotSpot[];
  readonly inclusive: readonly HotSpot[];
}

/** Frames that are not the project's code: the runtime, the module loader, tsx's loader. */
const NOISE = /^\((root|program|idle)\)|node:internal|^[^ ]+ (node_modules|bench)\/|^[^ ]+ (node:|internal\/)|^\(anonymous\)$/;

/**
 * A non-minified esbuild bundle starts each module with a `// path/to/file.ts` comment line; this
 * maps a 0-based bundle line back to that file.
 */
function bundleSources(bundle: string): (line: number) => string | undefined {
  if (!existsSync(bundle)) return () => undefined;
  const markers: { line: number; file: string }[] = [];
  readFileSync(bundle, 'utf8')
    .split('\n')
    .forEach((text, line) => {
      const marker = /^\/\/ (\S+\.(?:ts|js|cjs|mjs))$/.exec(text);
      if (marker) markers.push({ line, file: marker[1]! });
    });
  return (line) => {
    let found: string | undefined;
    for (const marker of markers) {
      if (marker.line > line) break;
      found = marker.file;
    }
    return found;
  };
}

/** Summarises a profile; `root` makes file names relative. */
export function summarizeProfile(path: string, root: string, top = 15): ProfileSummary {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const bundles = new Map<string, (line: number) => string | undefined>();
  const name = (node: ProfileNode): string => {
    const url = node.callFrame.url.replace(/^file:\/\//, '');
    let file = url === '' ? '' : relative(root, url);
    if (url.endsWith('.js') && url.includes('balancer-lens-bench')) {
      if (!bundles.has(url)) bundles.set(url, bundleSources(url));
      // Lines outside any module (esbuild's runtime helpers) count as the harness's own.
      file = bundles.get(url)!(node.callFrame.lineNumber) ?? 'bench/(bundle)';
    }
    return `${node.callFrame.functionName || '(anonymous)'} ${file}`.trimEnd();
  };
  const sampled = new Map<number, number>();
  profile.samples.forEach((id, index) => sampled.set(id, (sampled.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  for (const [id, micros] of sampled) {
    total += micros;
    const node = byId.get(id)!;
    self.set(name(node), (self.get(name(node)) ?? 0) + micros);
    const counted = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const key = name(byId.get(at)!);
      if (counted.has(key)) continue;
      counted.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + micros);
    }
  }
  const rank = (map: Map<string, number>): HotSpot[] =>
    [...map]
      .filter(([key]) => !NOISE.test(key))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([key, micros]) => ({ function: key, ms: Math.round(micros / 100) / 10, percent: Math.round((1000 * micros) / total) / 10 }));
  return { totalMs: Math.round(total / 1000), self: rank(self), inclusive: rank(inclusive) };
}
