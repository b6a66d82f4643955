/**
 * Example requests for the rules that judge a line by what it does to a request: a path the line's
 * pattern matches, a request that reaches the server the line is in, and the trace of that request
 * with the line that decided where it went. Built on demand, per analysis, only by rules whose
 * lines are present.
 */
import type { Analysis } from '../analysis';
import { testRegex } from '../regex';
import { sampleMatch } from './sample';
import { enclosing, positionsNamed, stepsNamed } from '../syntax/named';
import type { Directive, Section } from '../syntax/tree';
import type { BackendAnswer, ClientRequest, Trace } from './request';
import { chooseServer, Line, lineOf, Server, serversOf } from './servers';
import { traceRequest } from './trace';
import { percentEncode } from './uri';

/** At most this many example requests per analysis: each walks the server's lines. */
const MAX_PROBES = 400;

interface Probes {
  readonly deciders: ReadonlyMap<number, Directive>;
  readonly listenPorts: readonly number[];
  /** Each virtual host's server by its section. */
  readonly byVhost: ReadonlyMap<Section, Server>;
  /** The connection that reaches each server asked about (null: none does), found once per server. */
  readonly connections: Map<Server, Connection | null>;
  count: number;
}

/** Where a request connects to and the `Host` it names. */
interface Connection {
  readonly host: string;
  readonly port: number;
  readonly name: string;
}

const PROBES = new WeakMap<Analysis, Probes>();

function probesOf(analysis: Analysis): Probes {
  let probes = PROBES.get(analysis);
  if (!probes) {
    const deciders = new Map<number, Directive>();
    for (const step of stepsNamed(analysis.tree.nodes, ['proxypass', 'proxypassmatch', 'rewriterule']))
      if (step.kind === 'directive') deciders.set(step.directive.span.start, step.directive);
    const listenPorts: number[] = [];
    for (const step of stepsNamed(analysis.tree.nodes, ['listen'])) {
      const port = /(?:^|:)(\d+)$/.exec(step.kind === 'directive' ? (step.directive.args[0]?.value ?? '') : '')?.[1];
      if (port !== undefined) listenPorts.push(Number(port));
    }
    const byVhost = new Map(serversOf(analysis).vhosts.map((server) => [server.vhost!, server]));
    probes = { deciders, listenPorts, byVhost, connections: new Map(), count: 0 };
    PROBES.set(analysis, probes);
  }
  return probes;
}

/** The lines named `names` (lower case), each with its server and sections, in walk order. */
export function serverLines(analysis: Analysis, names: readonly string[]): Line[] {
  const { lineAt } = serversOf(analysis);
  const positions = positionsNamed(analysis.tree.nodes, names);
  const found: Line[] = [];
  for (let at = 0; at < positions.length; at++) {
    const line = lineAt[positions[at]!];
    if (line) found.push(line);
  }
  return found;
}

/** The server a line or section belongs to (the one it opens, for a `<VirtualHost>`). */
export function serverOf(analysis: Analysis, node: Directive | Section): Server {
  if (node.kind === 'directive') {
    const line = lineOf(serversOf(analysis), node);
    if (line) return line.server;
  }
  const vhost = node.kind === 'section' ? enclosing(analysis.tree.nodes, node, 'virtualhost') : undefined;
  return (vhost && probesOf(analysis).byVhost.get(vhost)) ?? serversOf(analysis).main;
}

/** Whether any request reaches `server` (the main server is unreachable when virtual hosts take every port). */
export function isReachable(analysis: Analysis, server: Server): boolean {
  return requestTo(analysis, server, '/') !== undefined;
}

/**
 * A GET of `path` (which may carry `?query`) that Apache hands to `server`, or undefined when no
 * connection reaches it.
 */
export function requestTo(
  analysis: Analysis,
  server: Server,
  path: string,
  headers: readonly (readonly [string, string])[] = [],
): ClientRequest | undefined {
  const probes = probesOf(analysis);
  let connection = probes.connections.get(server);
  if (connection === undefined) probes.connections.set(server, (connection = connectionTo(analysis, probes, server)));
  if (!connection) return undefined;
  const { host, port, name } = connection;
  const question = path.indexOf('?');
  return {
    method: 'GET',
    scheme: port === 443 ? 'https' : 'http',
    host,
    port,
    path: question < 0 ? path : path.slice(0, question),
    query: question < 0 ? undefined : path.slice(question + 1),
    headers: [['Host', name], ...headers],
  };
}

/** The first of the connections `server` is written for that Apache hands to it, or null. */
function connectionTo(analysis: Analysis, probes: Probes, server: Server): Connection | null {
  const servers = serversOf(analysis);
  const tries: Connection[] = [];
  // Without Listen lines (a fragment) any common port may be open.
  const anyPort = probes.listenPorts.length > 0 ? probes.listenPorts : [80, 443, 8080];
  const ownName = server.serverName ?? server.aliases.find((alias) => !/[*?]/.test(alias));
  if (server.vhost) {
    for (const address of server.addresses) {
      const wildcard = address.host === '*' || address.host === '_default_';
      const host = wildcard ? '127.0.0.1' : address.host;
      const ports = address.port === '*' ? anyPort : [address.port];
      for (const port of ports) tries.push({ host, port, name: ownName ?? host });
    }
  } else {
    for (const port of anyPort) tries.push({ host: '127.0.0.1', port, name: ownName ?? 'localhost' });
  }
  return tries.find(({ host, port, name }) => chooseServer(servers, host, port, name).server === server) ?? null;
}

/** What an example request did, and the ProxyPass, ProxyPassMatch or RewriteRule line that decided where it went. */
export interface Probe {
  readonly request: ClientRequest;
  readonly trace: Trace;
  readonly decidedBy: Directive | undefined;
}

/** A decoded path as a client sends it: what is not a path character percent-encoded (`/a b` → `/a%20b`, `%` → `%25`). */
export function requestPath(path: string): string {
  return path.replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@/]/gu, percentEncode);
}

/**
 * Traces a request for `path` (decoded, as configuration lines and patterns match it) on `server`
 * (the member answering `answer`); undefined when no request reaches the server or the analysis
 * used its probes.
 */
export function probe(
  analysis: Analysis,
  server: Server,
  path: string,
  { headers = [], answer = {} }: { headers?: readonly (readonly [string, string])[]; answer?: BackendAnswer } = {},
): Probe | undefined {
  const probes = probesOf(analysis);
  if (probes.count >= MAX_PROBES) return undefined;
  const request = requestTo(analysis, server, requestPath(path), headers);
  if (!request) return undefined;
  probes.count++;
  const trace = traceRequest(analysis, request, answer);
  let decidedBy: Directive | undefined;
  for (const step of trace.steps) {
    const directive = step.span && probes.deciders.get(step.span.start);
    if (directive) decidedBy = directive;
  }
  return { request, trace, decidedBy };
}

/** The path of a URL (`/` when it has none), without its query; a balancer's name runs to the first slash. */
export function urlPath(url: string): string {
  const rest = /^(?:balancer:\/\/[^/]*|[a-z][a-z0-9+.-]*:\/\/[^/?]*)([^?]*)/i.exec(url)?.[1];
  return rest === undefined || rest === '' ? '/' : rest;
}

/** A path under a plain prefix path (`/api/` → `/api/page`, `/api` → `/api/page`). */
export function pathUnder(prefix: string): string {
  return prefix.endsWith('/') ? `${prefix}page` : `${prefix}/page`;
}

/**
 * A path a regular expression matches, built from its literal start (`^/api/(.*)$` → `/api/page`)
 * or else by core/requests/sample.ts, or undefined when neither finds one.
 */
export function pathMatching(pattern: string): string | undefined {
  let at = pattern.startsWith('^') ? 1 : 0;
  let prefix = '';
  while (at < pattern.length) {
    const char = pattern[at]!;
    if (char === '\\' && at + 1 < pattern.length && !/[A-Za-z0-9]/.test(pattern[at + 1]!)) {
      prefix += pattern[at + 1];
      at += 2;
    } else if (/[.[\]()*+?{}|$^\\]/.test(char)) break;
    else {
      prefix += char;
      at++;
    }
  }
  // A quantifier after the last literal makes it optional.
  if (/[*?{]/.test(pattern[at] ?? '')) prefix = prefix.slice(0, -1);
  const start = prefix.startsWith('/') ? prefix : `/${prefix}`;
  const candidates = [pathUnder(start), start, `${start}page`, `${start}page/item`];
  const found = candidates.find((candidate) => testRegex(pattern, candidate) === true);
  if (found !== undefined) return found;
  // Beyond a literal start (`^/v(\d+)/`), the hover's sampler writes each atom once.
  const sampled = sampleMatch(pattern);
  return sampled?.startsWith('/') ? sampled : undefined;
}
