/**
 * The servers of a configuration as a request meets them: the main server and each `<VirtualHost>`,
 * with their addresses, names and lines, and the one that answers a request (name-based virtual
 * hosting: the address and port it connected to, then `Host` against ServerName and ServerAlias,
 * the first virtual host of the address as the default).
 */
import type { Analysis } from '../analysis';
import { asciiEquals, asciiLower } from '../ascii';
import { testRegex } from '../regex';
import type { Directive, Section } from '../syntax/tree';
import { foldedNames } from '../syntax/named';
import { walk } from '../syntax/walk';

/** A line of a server with the sections it is in (inside the server, outermost first). */
export interface Line {
  readonly directive: Directive;
  /** Lower case. */
  readonly name: string;
  readonly sections: readonly Section[];
  readonly server: Server;
}

/** One `<VirtualHost>` address: host (or `*`, `_default_`) and port (or `*`). */
export interface Address {
  readonly host: string;
  readonly port: number | '*';
}

/** The main server or one virtual host. */
export interface Server {
  readonly vhost: Section | undefined;
  readonly addresses: readonly Address[];
  /** ServerName's host, lower case, when set. */
  readonly serverName: string | undefined;
  readonly aliases: readonly string[];
  /** Its own lines, in walk order (a virtual host's do not include the main server's). */
  readonly lines: readonly Line[];
}

/** Every server: the main server first, then each virtual host in walk order. */
export interface Servers {
  readonly main: Server;
  readonly vhosts: readonly Server[];
  /** The line of each step of the walk, by its position (undefined for a section's step). */
  readonly lineAt: readonly (Line | undefined)[];
}

const SERVERS = new WeakMap<Analysis, Servers>();

/** Sections recorded around a line, outermost first; the request model reads the first two. */
const MAX_SECTIONS = 16;

/** The servers of an analysis, read once and only when a request is traced. */
export function serversOf(analysis: Analysis): Servers {
  let servers = SERVERS.get(analysis);
  if (!servers) {
    servers = readServers(analysis);
    SERVERS.set(analysis, servers);
  }
  return servers;
}

/** Each directive's line, indexed by directive on the first question: most callers ask by name (`lineAt`). */
const LINE_OF = new WeakMap<Servers, ReadonlyMap<Directive, Line>>();

/** The line of `directive`, if it is one of a server's. */
export function lineOf(servers: Servers, directive: Directive): Line | undefined {
  let lines = LINE_OF.get(servers);
  if (!lines) {
    const byDirective = new Map<Directive, Line>();
    for (const line of servers.lineAt) if (line) byDirective.set(line.directive, line);
    LINE_OF.set(servers, (lines = byDirective));
  }
  return lines.get(directive);
}

/** A server while its lines are read: its name and aliases are known once they all are. */
type Reading = { -readonly [K in keyof Server]: Server[K] } & { lines: Line[] };

function readServers(analysis: Analysis): Servers {
  const main = reading(undefined);
  const vhosts: Reading[] = [];
  const stack: Section[] = [];
  // Lines share one array per nesting state, copied on entering and leaving, never per line; deeper than
  // MAX_SECTIONS (unclosed sections by the thousand) the array stops growing, which no caller can tell apart.
  let sections: readonly Section[] = [];
  const nest = (): void => {
    if (stack.length <= MAX_SECTIONS) sections = stack.slice();
  };
  let current: Reading | undefined;
  // The names the walk's index has lower-cased already, not a copy per line.
  const names = foldedNames(analysis.tree.nodes);
  const steps = walk(analysis.tree.nodes);
  const lineAt = new Array<Line | undefined>(steps.length).fill(undefined);
  steps.forEach((step, position) => {
    if (step.kind === 'enter') {
      if (!current && asciiEquals(step.section.name, 'virtualhost')) {
        current = reading(step.section);
        vhosts.push(current);
      } else {
        stack.push(step.section);
        nest();
      }
    } else if (step.kind === 'leave') {
      if (current && step.section === current.vhost) current = undefined;
      else {
        stack.pop();
        nest();
      }
    } else {
      const server = current ?? main;
      const line = { directive: step.directive, name: names[position]!, sections, server };
      server.lines.push(line);
      lineAt[position] = line;
    }
  });
  for (const server of [main, ...vhosts]) named(server);
  return { main, vhosts, lineAt };
}

function reading(vhost: Section | undefined): Reading {
  return {
    vhost,
    addresses: (vhost?.args ?? []).map((word) => address(word.value)),
    serverName: undefined,
    aliases: [],
    lines: [],
  };
}

/** ServerName and ServerAlias from the server's own lines (outside its sections). */
function named(server: Reading): void {
  const own = server.lines.filter((line) => line.sections.length === 0);
  const serverName = own.filter((line) => line.name === 'servername').at(-1)?.directive.args[0]?.value;
  server.serverName = serverName === undefined ? undefined : hostOfName(serverName);
  server.aliases = own
    .filter((line) => line.name === 'serveralias')
    .flatMap((line) => line.directive.args.map((word) => asciiLower(word.value)));
}

/** `ServerName [scheme://]host[:port]`: the host, lower case. */
function hostOfName(name: string): string {
  const host = name.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  const bracket = /^\[[^\]]*\]/.exec(host);
  return asciiLower(bracket ? bracket[0] : host.replace(/:\d*$/, ''));
}

function address(text: string): Address {
  const bracket = /^\[([^\]]*)\](?::(.*))?$/.exec(text);
  const [host, port] = bracket ? [bracket[1] ?? '', bracket[2]] : (/^([^:]*)(?::(.*))?$/.exec(text)?.slice(1) ?? [text, undefined]);
  const portNumber = port === undefined || port === '*' ? '*' : Number(port);
  return { host: asciiLower(host ?? ''), port: Number.isNaN(portNumber) ? '*' : portNumber };
}

/** The server that answers a request that connected to `host`:`port` and asked for `Host: name`, and why. */
export interface Chosen {
  readonly server: Server;
  readonly why: string;
}

/**
 * Apache's choice: the virtual hosts whose address matches the connection (an IP address exactly,
 * `*` and `_default_` any address; a host name in the URL is assumed to reach every address), then
 * the first of them whose ServerName or ServerAlias is the `Host` name, else the first of them.
 * No virtual host matches the address: the main server.
 */
export function chooseServer(servers: Servers, connectedHost: string, port: number, hostName: string | undefined): Chosen {
  const isIp = /^[\d.]+$/.test(connectedHost) || connectedHost.includes(':');
  const portMatches = (each: Address): boolean => each.port === '*' || each.port === port;
  const isWildcard = (each: Address): boolean => each.host === '*' || each.host === '_default_';
  // A host name is assumed to reach the address of the IP-based virtual hosts of the port, when there are some.
  const exact = servers.vhosts.filter((vhost) =>
    vhost.addresses.some((each) => portMatches(each) && (each.host === connectedHost || (!isIp && !isWildcard(each)))),
  );
  const wildcard = servers.vhosts.filter((vhost) => vhost.addresses.some((each) => portMatches(each) && isWildcard(each)));
  const candidates = exact.length > 0 ? exact : wildcard;
  const assumed =
    !isIp && exact.length > 0
      ? `, assuming ${connectedHost} resolves to ${exact[0]!.addresses.find((each) => !isWildcard(each))?.host ?? ''}`
      : '';
  if (candidates.length === 0) return { server: servers.main, why: `no <VirtualHost> listens on port ${port}: the main server answers` };
  const name = hostName === undefined ? undefined : asciiLower(hostName.replace(/:\d*$/, '').replace(/^\[|\]$/g, ''));
  const named =
    name === undefined
      ? undefined
      : candidates.find((vhost) => vhost.serverName === name || vhost.aliases.some((alias) => nameMatches(alias, name)));
  if (named) return { server: named, why: `Host ${name} is its ${named.serverName === name ? 'ServerName' : 'ServerAlias'}${assumed}` };
  return {
    server: candidates[0]!,
    why: `the first virtual host for this address and port ${port} is the default (Host ${name ?? 'missing'} names none)${assumed}`,
  };
}

/** ServerAlias takes wildcards (`*`, `?`), compared case-insensitively. */
function nameMatches(alias: string, name: string): boolean {
  if (!/[*?]/.test(alias)) return alias === name;
  const pattern = alias
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return testRegex(`^${pattern}$`, name) === true;
}
