/**
 * Where example requests go, through the request model: for the traffic diff, the paths that
 * ProxyPass, ProxyPassMatch, `RewriteRule … [P]` and `<Location>` lines name, asked of every server
 * as a client would ask them, and traced as Apache would handle them (core/requests/trace.ts). Two
 * revisions traced with the same requests say where `/api/x` lands, and what path the member gets.
 */
import type { Analysis } from '../analysis';
import { asciiLower } from '../ascii';
import type { Locate } from '../files';
import { serverKey } from '../model/model';
import { parseRequest } from '../requests/request';
import { chooseServer, serversOf } from '../requests/servers';
import { traceRequest } from '../requests/trace';
import { handlerWords } from '../syntax/rewrite-words';
import { walk } from '../syntax/walk';

/** One example request: the server it is meant for, how a client reaches it, and the path asked. */
export interface Probe {
  /** The server's name across revisions (`main`, or `<VirtualHost ADDR> NAME`). */
  readonly server: string;
  readonly host: string;
  readonly port: number;
  readonly path: string;
}

/** Where a request went on one revision. */
export interface Reached {
  /** The server that answered it, named as `Probe.server` (a virtual host may answer for the main server's address). */
  readonly server: string;
  /** `balancer://name`, the worker URL, or null when Apache answers it itself (or refuses it). */
  readonly target: string | null;
  /** The path and query the member receives; null when nothing is proxied. */
  readonly received: string | null;
  /** The line that sent it there (a ProxyPass, ProxyPassMatch, RewriteRule or `<Location>`), when one did. */
  readonly file: string | null;
  readonly line: number | null;
}

/** The probes a configuration's lines suggest, and where any probe goes on it. */
export interface RequestRouting {
  readonly probes: readonly Probe[];
  reach(probe: Probe): Reached;
}

/** At most this many probes per configuration: every path × every server grows fast on a big tree. */
const MAX_PROBES = 400;

/** Directives and sections whose first word is a path a request may take. */
const PATH_DIRECTIVES = new Set(['proxypass', 'proxypassmatch', 'rewriterule']);
const PATH_SECTIONS = new Set(['location', 'locationmatch']);
const HANDLER_LINE = /^\s*<?\s*(ProxyPass|ProxyPassMatch|RewriteRule|Location|LocationMatch)\b/i;

/** The request routing of one configuration, computed only when a diff asks for it. */
export function requestRouting(analysis: Analysis, locate: Locate): RequestRouting {
  const paths = new Set<string>();
  for (const step of walk(analysis.tree.nodes)) {
    const named =
      step.kind === 'directive' && PATH_DIRECTIVES.has(asciiLower(step.directive.name))
        ? step.directive
        : step.kind === 'enter' && PATH_SECTIONS.has(asciiLower(step.section.name))
          ? step.section
          : undefined;
    const first = named?.kind === 'directive' ? handlerWords(named)[0] : named?.args[0];
    const path = named && probePath(first?.value ?? '');
    if (path) paths.add(path);
  }
  const servers = serversOf(analysis);
  const probes: Probe[] = [];
  for (const server of [servers.main, ...servers.vhosts]) {
    const address = server.addresses[0];
    const host = server.serverName ?? (address && !/^(\*|_default_)$/.test(address.host) ? address.host : 'localhost');
    const port = typeof address?.port === 'number' ? address.port : 80;
    for (const path of paths) probes.push({ server: serverKey(server.vhost), host, port, path });
  }
  return {
    probes: probes.slice(0, MAX_PROBES),
    reach(probe) {
      const request = parseRequest('GET', `http://${hostInUrl(probe.host)}:${probe.port}${probe.path}`, []);
      if ('error' in request) return { server: probe.server, target: null, received: null, file: null, line: null };
      const server = serverKey(chooseServer(servers, request.host, request.port, request.host).server.vhost);
      const trace = traceRequest(analysis, request);
      const target = trace.balancer ?? (trace.handledBy === 'proxy' ? trace.member : null);
      const received = trace.backendRequest ? trace.backendRequest.url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '') : null;
      const { text } = analysis.tree;
      const decided = trace.steps
        .filter((step) => step.span && HANDLER_LINE.test(text.slice(step.span.start, step.span.start + 40)))
        .at(-1);
      const at = decided?.span && locate(decided.span.start);
      return { server, target, received, file: at?.file ?? null, line: at?.line ?? null };
    },
  };
}

/**
 * A request path under what a line matches: the literal start of its path or pattern (`^/api/(.*)$`
 * → `/api/`), with one more segment (`/api/x`), so the member's path shows how the rest is mapped.
 * Undefined for a pattern that does not start with a literal `/` (a per-directory rule, `~`).
 */
function probePath(word: string): string | undefined {
  const literal = (/^\^?((?:[^\\.*+?()[\]{}|$^]|\\[/.-])*)/.exec(word)?.[1] ?? '').replace(/\\([/.-])/g, '$1');
  if (!literal.startsWith('/')) return undefined;
  return literal.endsWith('/') ? `${literal}x` : `${literal}/x`;
}

function hostInUrl(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}
