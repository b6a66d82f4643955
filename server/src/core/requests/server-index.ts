/**
 * A server's lines as a trace looks them up: the lines outside sections by name, the lines of each
 * section, and the `<Location>` sections by path. Built once per server, on the first trace that
 * asks, so a trace reads the lines it needs instead of every line of the server (a rule may trace
 * hundreds of requests through a server of thousands of lines).
 */
import { asciiLower } from '../ascii';
import type { Section } from '../syntax/tree';
import type { Line, Server } from './servers';

interface ServerIndex {
  /** Each line's position in the server's lines. */
  readonly position: ReadonlyMap<Line, number>;
  /** The lines outside sections, by name, in walk order. */
  readonly own: ReadonlyMap<string, readonly Line[]>;
  /** `own`'s lines of several names, in walk order, by the names joined with a space: kept for the next trace. */
  readonly ownMerged: Map<string, readonly Line[]>;
  /** The lines by the outermost section they are in, in walk order. */
  readonly inSection: ReadonlyMap<Section, readonly Line[]>;
  /** The `<Location>` and `<LocationMatch>` sections that hold a line, in the order of their first line. */
  readonly locations: readonly Section[];
  /** Positions in `locations` of the plain paths, by the path with its runs of slashes merged. */
  readonly byPath: ReadonlyMap<string, readonly number[]>;
  /** The lengths of `byPath`'s keys, each once. */
  readonly pathLengths: readonly number[];
  /** Positions in `locations` of the regular expressions (`<LocationMatch>`, `<Location ~>`). */
  readonly patterns: readonly number[];
}

const INDEXES = new WeakMap<Server, ServerIndex>();

function indexOf(server: Server): ServerIndex {
  let index = INDEXES.get(server);
  if (!index) {
    index = readIndex(server);
    INDEXES.set(server, index);
  }
  return index;
}

function readIndex(server: Server): ServerIndex {
  const position = new Map<Line, number>();
  const own = new Map<string, Line[]>();
  const inSection = new Map<Section, Line[]>();
  const locations: Section[] = [];
  server.lines.forEach((line, at) => {
    position.set(line, at);
    const section = line.sections[0];
    if (!section) return push(own, line.name, line);
    if (!inSection.has(section) && /^location(match)?$/.test(asciiLower(section.name))) locations.push(section);
    push(inSection, section, line);
  });
  const byPath = new Map<string, number[]>();
  const patterns: number[] = [];
  locations.forEach((section, at) => {
    const path = locationPath(section);
    if (path === undefined) return;
    if (path.isRegex) patterns.push(at);
    else push(byPath, path.path, at);
  });
  const pathLengths = [...new Set([...byPath.keys()].map((path) => path.length))];
  return { position, own, ownMerged: new Map(), inSection, locations, byPath, pathLengths, patterns };
}

/** What a `<Location>` or `<LocationMatch>` matches: a regular expression, or a plain path (its runs of slashes merged). */
export function locationPath(section: Section): { readonly isRegex: boolean; readonly path: string } | undefined {
  const [first, second] = section.args.map((word) => word.value);
  const isRegex = asciiLower(section.name) === 'locationmatch' || first === '~';
  const path = first === '~' ? second : first;
  if (path === undefined) return undefined;
  return { isRegex, path: isRegex ? path : path.replace(/\/{2,}/g, '/') };
}

/** The server's lines outside sections named one of `names` (lower case), in walk order. */
export function ownLines(server: Server, names: readonly string[]): readonly Line[] {
  const index = indexOf(server);
  if (names.length === 1) return index.own.get(names[0]!) ?? [];
  const key = names.join(' ');
  let lines = index.ownMerged.get(key);
  if (!lines) {
    lines = inWalkOrder(
      index,
      names.flatMap((name) => index.own.get(name) ?? []),
    );
    index.ownMerged.set(key, lines);
  }
  return lines;
}

/** The server's lines inside `sections` (each the outermost section of its lines), in walk order. */
export function linesInSections(server: Server, sections: readonly Section[]): readonly Line[] {
  const index = indexOf(server);
  return inWalkOrder(
    index,
    [...new Set(sections)].flatMap((section) => index.inSection.get(section) ?? []),
  );
}

/**
 * The server's `<Location>` and `<LocationMatch>` sections that may match `uri`, in order: every
 * regular expression, and the plain paths that are a start of it (which still ask whether it ends there).
 */
export function locationCandidates(server: Server, uri: string): Section[] {
  const index = indexOf(server);
  const found = [...index.patterns];
  for (const length of index.pathLengths)
    if (length <= uri.length) for (const at of index.byPath.get(uri.slice(0, length)) ?? []) found.push(at);
  return found.sort((a, b) => a - b).map((at) => index.locations[at]!);
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function inWalkOrder(index: ServerIndex, lines: Line[]): Line[] {
  return lines.sort((a, b) => index.position.get(a)! - index.position.get(b)!);
}
