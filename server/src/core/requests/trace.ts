/**
 * What Apache 2.4 does to one request (docs/apache-semantics.md, "What happens to a request"): the
 * server that answers, the `<Location>` sections merged, mod_rewrite's server rules, then mod_proxy's
 * ProxyPass lines (the `<Location>`'s first, then the main server's, then the virtual host's), then
 * Alias and DocumentRoot; for a proxied request the balancer, the member a fresh Apache picks, the
 * URL and headers the member receives, and the way back through ProxyPassReverse. Computed only
 * when asked; every decision names the line that made it.
 */
import type { Analysis } from '../analysis';
import { asciiLower } from '../ascii';
import type { Balancer, Member } from '../model/model';
import { balancerName, isBalancerUrl } from '../model/urls';
import { upgradeProtocols } from '../model/params';
import { memberLetter } from '../scheduler/letters';
import type { Span } from '../span';
import { previewPicks, previewWithDown, sharedNote } from '../scheduler/preview';
import type { Directive, Section } from '../syntax/tree';
import type { Word } from '../syntax/words';
import type { BackendAnswer, BackendRequest, ClientRequest, Trace, TraceStep } from './request';
import { headerValue } from './request';
import { reverseCookie, reverseLocation, ReverseAlias } from './reverse';
import { matchPattern } from './patterns';
import { runRewrite } from './rewrite';
import { chooseServer, Line, Server, serversOf } from './servers';
import { linesInSections, locationCandidates, locationPath, ownLines } from './server-index';
import { editRequestHeaders } from './request-headers';
import { stickyRoute } from './sticky';
import { decodePath, EncodedSlashes, encodePath, isSpaceOrControl } from './uri';

/** What `X-Forwarded-For` holds when the client's address is not known. */
export const CLIENT_ADDRESS = '(client address)';

/** Hop-by-hop headers mod_proxy_http does not pass on. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'proxy-connection']);

/** A ProxyPass or ProxyPassMatch as proxy_trans tries it. */
interface PassEntry {
  readonly directive: Directive;
  /** The path (or expression) matched. */
  readonly path: string;
  readonly isRegex: boolean;
  readonly url: string;
  readonly nocanon: boolean;
  /** The worker's `upgrade=`, when the line sets it. */
  readonly upgrade: string | undefined;
  /** Its `mapping=encoded` or `mapping=servlet` word, which the trace does not model. */
  readonly mapping: Word | undefined;
}

/** Traces one request through an analysis. */
export function traceRequest(
  analysis: Analysis,
  request: ClientRequest,
  answer: BackendAnswer = {},
  clientAddress = CLIENT_ADDRESS,
): Trace {
  return traceOnce(analysis, request, answer, clientAddress, true);
}

/** Traces a request; `errorDocuments` is false for an ErrorDocument's own request, whose errors are not redirected again. */
function traceOnce(
  analysis: Analysis,
  request: ClientRequest,
  answer: BackendAnswer,
  clientAddress: string,
  errorDocuments: boolean,
): Trace {
  const steps: TraceStep[] = [];
  const servers = serversOf(analysis);
  const hostHeader = headerValue(request, 'host');
  const chosen = chooseServer(servers, request.host, request.port, hostHeader);
  const server = chosen.server;
  const main = servers.main;
  steps.push({ what: `${serverLabel(server)}: ${chosen.why}`, span: server.vhost?.open.span });
  const serverName = server.serverName ?? main.serverName ?? request.host;

  // The <Location> sections that apply, once the path is decoded.
  let locations: readonly Section[] = [];
  const done = (handledBy: Trace['handledBy'], status: number | null, extra: Partial<Trace> = {}): Trace => {
    const trace: Trace = {
      handledBy,
      status,
      balancer: null,
      member: null,
      backendRequest: null,
      clientLocation: null,
      clientSetCookie: null,
      steps,
      ...extra,
    };
    return errorDocuments ? withErrorDocument(trace) : trace;
  };

  const slashes = encodedSlashes(server, main);
  const decoded = decodePath(request.path, slashes.value);
  if ('status' in decoded) {
    steps.push({ what: decoded.why, span: slashes.by?.span });
    return done('error', decoded.status);
  }
  let uri = decoded.uri;
  let query = request.query;

  // The core walks the <Location> sections before translating the path, so their settings apply to every handler.
  locations = matchingLocations(server, main, uri, steps);
  for (const location of locations)
    steps.push({ what: `<${location.name} ${location.args.map((word) => word.value).join(' ')}> applies`, span: location.open.span });
  const inLocations = (name: string): Line[] =>
    locationLines(server, main, locations).filter((line) => line.name === name && line.sections.length === 1);

  // mod_rewrite's translate_name runs before mod_proxy's: the server's own rules, the main server's first with RewriteOptions Inherit.
  const rewriteLines = serverLevel(server, main, ['rewritecond', 'rewriterule'], rewriteInherits(server));
  if (rewriteEngineOn(server, main)) {
    const outcome = runRewrite(rewriteLines, request, uri, serverName, steps);
    switch (outcome.kind) {
      case 'none':
        break;
      case 'status':
        steps.push({ what: `the rule answers ${outcome.status}`, span: outcome.rule.span });
        return done('error', outcome.status);
      case 'redirect': {
        const location = /^[a-z][a-z0-9+.-]*:/i.test(outcome.url) ? outcome.url : `${baseUrl(request)}${outcome.url}`;
        steps.push({ what: `redirects with ${outcome.status} to ${location}`, span: outcome.rule.span });
        return done('local', outcome.status, { clientLocation: location });
      }
      case 'proxy': {
        steps.push({ what: `[P]: proxied to ${outcome.url}`, span: outcome.rule.span });
        // [NE] sends the URL uncanonicalised (proxy-nocanon), with the query string mod_rewrite appended to it.
        if (outcome.noescape)
          return proxy(outcome.query === undefined ? outcome.url : `${outcome.url}?${outcome.query}`, undefined, true, undefined);
        return proxy(outcome.url, outcome.query, false, undefined);
      }
      case 'path':
        if (!outcome.passThrough) {
          steps.push({ what: `rewritten to ${outcome.uri}: served from the file system`, span: outcome.rule.span });
          return done('local', null);
        }
        steps.push({ what: `rewritten to ${outcome.uri} and mapped again ([PT])`, span: outcome.rule.span });
        uri = outcome.uri;
        query = outcome.query;
    }
  }

  const denied = inLocations('require').at(-1);
  if (denied && asciiLower(denied.directive.args.map((word) => word.value).join(' ')) === 'all denied') {
    steps.push({ what: 'Require all denied: Apache answers 403', span: denied.directive.span });
    return done('error', 403);
  }

  // proxy_trans: the merged <Location>'s ProxyPass first, then the server's list, read only up to the line that matches.
  const entries = function* (): Generator<PassEntry> {
    const sectionPass = inLocations('proxypass').at(-1) ?? inLocations('proxypassmatch').at(-1);
    if (sectionPass) {
      const section = sectionPass.sections[0]!;
      const isRegex = asciiLower(section.name) === 'locationmatch' || section.args[0]?.value === '~';
      const path = (isRegex && section.args[0]?.value === '~' ? section.args[1] : section.args[0])?.value ?? '';
      const entry = passEntry(sectionPass.directive, path, isRegex, true);
      if (entry) yield entry;
    }
    // merge_proxy_config appends the main server's lines whatever ProxyPassInherit says (verified on 2.4.71).
    for (const line of serverLevel(server, main, ['proxypass', 'proxypassmatch'], true)) {
      const args = line.directive.args.map((word) => word.value);
      const isTilde = args[0] === '~';
      const path = isTilde ? args[1] : args[0];
      if (path === undefined) continue;
      const entry = passEntry(line.directive, path, line.name === 'proxypassmatch' || isTilde, false);
      if (entry) yield entry;
    }
  };
  for (const entry of entries()) {
    const mapped = matchEntry(entry, uri, request, steps);
    if (mapped === undefined) continue;
    if (entry.url === '!') {
      steps.push({ what: `${entry.directive.name} ${entry.path} ! keeps ${uri} out of the proxy`, span: entry.directive.span });
      break;
    }
    steps.push({ what: `${entry.directive.name} ${entry.path} → ${entry.url}`, span: entry.directive.span });
    if (entry.mapping)
      steps.push({
        what: `${entry.mapping.value} is not modelled: Apache matches and sends the still-encoded path, before mod_rewrite; this trace decodes it as without`,
        span: entry.mapping.span,
      });
    return proxy(mapped.url, query, mapped.nocanon, entry.upgrade);
  }

  // mod_alias, then the DocumentRoot.
  const alias = serverLevel(server, main, ['alias', 'scriptalias'], true).find((line) => {
    const path = line.directive.args[0]?.value;
    return path !== undefined && aliasMatch(uri, path) > 0;
  });
  if (alias) {
    steps.push({
      what: `${alias.directive.name} ${alias.directive.args[0]?.value} serves it from ${alias.directive.args[1]?.value ?? ''}`,
      span: alias.directive.span,
    });
    return done('local', null);
  }
  const root = serverLevel(server, main, ['documentroot'], true).at(-1);
  steps.push({
    what: `served from the file system: ${root ? (root.directive.args[0]?.value ?? '') : 'the default DocumentRoot'}${uri} (its status depends on the files there)`,
    span: root?.directive.span,
  });
  return done('local', null);

  /** The proxy handler: the balancer and member, the URL and headers the member gets, the way back. */
  function proxy(target: string, args: string | undefined, nocanon: boolean, lineUpgrade: string | undefined): Trace {
    let balancer: Balancer | undefined;
    let member: Member | undefined;
    let backendUrl = target;
    if (isBalancerUrl(target)) {
      const named = balancerName(target);
      balancer = 'name' in named ? findBalancer(analysis, server, named.name) : undefined;
      if (!balancer) {
        steps.push({ what: `no balancer ${'name' in named ? named.name : target} in this server: Apache answers 500`, span: undefined });
        return done('error', 500);
      }
      const index = analysis.model.balancers.indexOf(balancer);
      const preview = analysis.previews[index];
      const down = new Set<number>();
      balancer.members.forEach((each, at) => {
        if ((answer.down ?? []).some((url) => sameUrl(url, each.url))) down.add(at);
      });
      const balancerSpan = (balancer.section ?? balancer.inherited?.from.section)?.open.span ?? balancer.createdBy.span;
      steps.push({ what: `balancer ${balancer.name}`, span: balancerSpan });
      const routed = stickyRoute(balancer, `${target}${args === undefined ? '' : `?${args}`}`, headerValue(request, 'cookie'), (each) =>
        down.has(balancer!.members.indexOf(each)),
      );
      if (routed?.member) {
        member = routed.member;
        steps.push({
          what: `${routed.from} names route ${routed.route}: member ${memberLetter(balancer.members.indexOf(member))} ${member.url}`,
          span: member.setBy.get('route')?.span ?? member.declaration.directive.span,
        });
      } else {
        if (routed && routed.isKnown && balancer.params.nofailover === true) {
          steps.push({
            what: `${routed.from} names route ${routed.route}, whose member cannot take it, and nofailover is On: Apache answers 503`,
            span: balancer.setBy.get('nofailover')?.span ?? balancerSpan,
          });
          return done('error', 503, { balancer: balancer.name });
        }
        if (routed)
          steps.push({
            what: `${routed.from} names route ${routed.route}, which no member that can take it has: the balancer picks`,
            span: balancerSpan,
          });
        const picked = preview ? previewPicks(down.size > 0 ? previewWithDown(preview, down) : preview, 1)[0] : undefined;
        if (!picked) {
          steps.push({ what: 'no member can take the request: Apache answers 503', span: undefined });
          return done('error', 503, { balancer: balancer.name });
        }
        member = picked;
        steps.push({
          what: `member ${memberLetter(balancer.members.indexOf(member))} ${member.url}: the first pick of a freshly started Apache`,
          span: member.declaration.directive.span,
        });
      }
      // merge_balancers' copies share their members' slots: requests to the other servers move this schedule too.
      if (balancer.sharedAcross)
        steps.push({
          what: sharedNote(balancer.name, balancer.sharedAcross),
          span: (balancer.inherited?.from ?? balancer).section?.open.span,
        });
      // The balancer URL is canonicalised first, so an empty path is `/` before the member's URL is put in front.
      const rest = target.slice(balancer.name.length);
      backendUrl = member.name + (rest === '' || rest.startsWith('?') ? `/${rest}` : rest);
    } else if ((answer.down ?? []).some((url) => sameUrl(url, target))) {
      steps.push({ what: `nothing listens on ${target}: Apache answers 503`, span: undefined });
      return done('error', 503);
    }
    const port = /^[a-z][a-z0-9+.-]*:\/\/(?:\[[^\]]*\]|[^/:?]*)(?::([^/?]*))?/i.exec(backendUrl)?.[1];
    if (port !== undefined && !/^\d*$/.test(port)) {
      steps.push({ what: `${backendUrl} has no valid port ("${port}"): Apache answers 500`, span: undefined });
      return done('error', 500, { balancer: balancer?.name ?? null });
    }
    const url = backendUrlOf(backendUrl, args, nocanon);
    // mod_proxy_http refuses what it would send with a space or a control character: an uncanonicalised path, or any query.
    const unsafe = nocanon ? pathOf(url) : args;
    if (unsafe !== undefined && [...unsafe].some((char) => isSpaceOrControl(char.charCodeAt(0)))) {
      const what = nocanon ? 'the path it would send as written (nocanon)' : 'the query string it would send';
      steps.push({
        what: `${what} holds a space or a control character: Apache answers 403 (AH${nocanon ? '10415' : '10408'})`,
        span: undefined,
      });
      return done('error', 403, { balancer: balancer?.name ?? null });
    }
    const headers = backendHeaders(url);
    upgradeHeader(headers, url, member ? member.params.upgrade : lineUpgrade, member?.setBy.get('upgrade')?.span);
    const backendRequest: BackendRequest = { method: request.method, url, headers };
    steps.push({ what: `${request.method} ${pathOf(url)}, Host: ${headers.host ?? ''}`, span: undefined });
    const reverse = reverseAliases('proxypassreverse');
    const base = baseUrl(request);
    const balancerOf = (url: string): Balancer | undefined => {
      const named = balancerName(url);
      return 'name' in named ? findBalancer(analysis, server, named.name) : undefined;
    };
    let clientLocation: string | null = null;
    if (answer.location !== undefined) {
      const mapped = reverseLocation(answer.location, reverse, balancerOf, base);
      clientLocation = mapped.value;
      steps.push({ what: `Location: ${answer.location} → ${mapped.value}`, span: mapped.by?.span });
    }
    let clientSetCookie: string | null = null;
    if (answer.setCookie !== undefined) {
      const mapped = reverseCookie(
        answer.setCookie,
        reverseAliases('proxypassreversecookiepath'),
        reverseAliases('proxypassreversecookiedomain'),
      );
      clientSetCookie = mapped.value;
      steps.push({ what: `Set-Cookie: ${mapped.value}`, span: mapped.by?.span });
    }
    return done('proxy', answer.status ?? 200, {
      balancer: balancer?.name ?? null,
      member: member?.url ?? target.replace(/^([a-z]+:\/\/[^/]*).*$/i, '$1'),
      backendRequest,
      clientLocation,
      clientSetCookie,
    });
  }

  /** The URL the member receives: the path re-encoded (not with nocanon) and the query string. */
  function backendUrlOf(target: string, args: string | undefined, nocanon: boolean): string {
    const authority = /^([a-z][a-z0-9+.-]*:\/\/[^/]*)(.*)$/i.exec(target);
    const prefix = authority?.[1] ?? target;
    const path = authority?.[2] ?? '';
    if (nocanon) return `${prefix}${path === '' || path.startsWith('?') ? `/${path}` : path}`;
    // The whole path is re-encoded, a `?` in it too (ProxyPass "/t/" "http://h/t/?a=1" sends /t/%3Fa=1x for /t/x);
    // an empty path is sent as `/`; AllowEncodedSlashes NoDecode keeps `%2F` as it came, unless a <Location> applies:
    // its per-directory configuration takes AllowEncodedSlashes' default for itself (merge_core_dir_configs), so
    // mod_proxy then encodes the `%` again (`%252F`; checked on 2.4.71).
    const keepsEncodedSlashes = slashes.value === 'nodecode' && locations.length === 0;
    return `${prefix}${encodePath(path === '' ? '/' : path, keepsEncodedSlashes)}${args === undefined ? '' : `?${args}`}`;
  }

  /**
   * mod_proxy_http passes the client's `Upgrade` (with `Connection: Upgrade`) only to a worker whose
   * `upgrade=` names the protocol (`*` any; a list, each token), or, with none, to a ws:// or wss://
   * worker for WebSocket; otherwise it drops it as a hop-by-hop header.
   */
  function upgradeHeader(headers: Record<string, string>, url: string, protocols: string | undefined, span: Span | undefined): void {
    const asked = headerValue(request, 'upgrade');
    if (asked === undefined) return;
    const isWs = /^wss?:/i.test(url);
    const lower = asciiLower(asked);
    const accepts =
      protocols !== undefined && protocols !== ''
        ? protocols === '*' ||
          asciiLower(protocols) === lower ||
          asciiLower(protocols)
            .split(/[\s,]+/)
            .includes(lower)
        : isWs && lower === 'websocket';
    if (accepts) {
      headers.upgrade = asked;
      steps.push({
        what: `Upgrade: ${asked} passes to the member with Connection: Upgrade (${protocols ? `upgrade=${protocols}` : 'a ws:// member takes WebSocket'})`,
        span,
      });
    } else
      steps.push({
        what: `Upgrade: ${asked} is dropped: the member ${
          protocols ? `takes only upgrade=${protocols}` : isWs ? 'takes only WebSocket' : 'has no upgrade= (or a ws:// URL)'
        } and gets a plain request`,
        span,
      });
  }

  function backendHeaders(url: string): Record<string, string> {
    // mod_headers' per-directory lines: the main server's, the server's, then the <Location>s'.
    const edits = [
      ...serverLevel(server, main, ['requestheader'], true),
      ...locationLines(server, main, locations).filter((line) => line.name === 'requestheader' && line.sections.length === 1),
    ].map((line) => line.directive);
    const edited = editRequestHeaders(request.headers, edits, steps);
    const clientHost = edited.find(([name]) => asciiLower(name) === 'host')?.[1];
    const headers: Record<string, string> = {};
    for (const [name, value] of edited) {
      const lower = asciiLower(name);
      if (HOP_BY_HOP.has(lower) || lower === 'host') continue;
      headers[lower] = headers[lower] === undefined ? value : `${headers[lower]}, ${value}`;
    }
    const preserve = setting('proxypreservehost')?.directive;
    const preserved = preserve !== undefined && asciiLower(preserve.args[0]?.value ?? '') === 'on';
    const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?]*)/i.exec(url)?.[1] ?? '';
    headers.host = preserved && clientHost !== undefined ? clientHost : authority;
    steps.push({
      what: preserved ? "ProxyPreserveHost On: the member gets the client's Host" : `the member gets Host: ${authority}`,
      span: preserve?.span,
    });
    const addHeaders = setting('proxyaddheaders')?.directive;
    if (!addHeaders || asciiLower(addHeaders.args[0]?.value ?? '') !== 'off') {
      const forwarded = headers['x-forwarded-for'];
      headers['x-forwarded-for'] = forwarded === undefined ? clientAddress : `${forwarded}, ${clientAddress}`;
      if (clientHost !== undefined)
        headers['x-forwarded-host'] =
          headers['x-forwarded-host'] === undefined ? clientHost : `${headers['x-forwarded-host']}, ${clientHost}`;
      headers['x-forwarded-server'] =
        headers['x-forwarded-server'] === undefined ? serverName : `${headers['x-forwarded-server']}, ${serverName}`;
    }
    return headers;
  }

  /** The last line named `name` that `matches` in the locations, else the server's, else the main server's. */
  function setting(name: string, matches: (line: Line) => boolean = () => true): Line | undefined {
    return (
      locationLines(server, main, locations)
        .filter((line) => line.name === name && matches(line) && line.sections.length === 1)
        .at(-1) ??
      ownLines(server, [name]).filter(matches).at(-1) ??
      (server === main ? undefined : ownLines(main, [name]).filter(matches).at(-1))
    );
  }

  /**
   * What Apache answers for an error: with ProxyErrorOverride, a member's error status is Apache's own
   * (its page and headers dropped); then the ErrorDocument for the status, per-directory (a <Location>'s
   * over the server's over the main server's): a full URL is a 302 to it, a message keeps the status,
   * a local path is an internal GET whose own errors give Apache's page with the first status, and
   * whose answer from a member comes with the member's status.
   */
  function withErrorDocument(trace: Trace): Trace {
    let status = trace.status;
    if (status === null || status < 400) return trace;
    let result = trace;
    if (trace.handledBy === 'proxy') {
      const override = setting('proxyerroroverride')?.directive;
      const [flag, ...codes] = override?.args.map((word) => word.value) ?? [];
      if (asciiLower(flag ?? '') !== 'on' || (codes.length > 0 && !codes.includes(String(status)))) return trace;
      steps.push({ what: `ProxyErrorOverride: the member's ${status} is answered as Apache's own error`, span: override?.span });
      result = { ...trace, handledBy: 'error', clientLocation: null, clientSetCookie: null };
    }
    // The ErrorDocument for the status: a <Location>'s, else the server's, else the main server's.
    const line = setting('errordocument', (each) => each.directive.args[0]?.value === String(status));
    const target = line?.directive.args[1]?.value;
    if (!line || target === undefined || asciiLower(target) === 'default') return result;
    const span = line.directive.span;
    // core's set_error_document: a value with a space is a message, whatever it starts with.
    if (target.includes(' ') || target.startsWith('"')) {
      steps.push({ what: `ErrorDocument ${status}: Apache answers ${status} with the message`, span });
      return result;
    }
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) {
      if (status === 401) return result;
      steps.push({ what: `ErrorDocument ${status} ${target}: the client gets a 302 redirect there instead of ${status}`, span });
      return { ...result, handledBy: 'local', status: 302, clientLocation: target };
    }
    if (!target.startsWith('/')) return result;
    steps.push({ what: `ErrorDocument ${status} ${target}: Apache makes a GET of it in the same server`, span });
    const question = target.indexOf('?');
    const redirected = traceOnce(
      analysis,
      {
        ...request,
        method: 'GET',
        path: question < 0 ? target : target.slice(0, question),
        query: question < 0 ? undefined : target.slice(question + 1),
      },
      { down: answer.down },
      clientAddress,
      false,
    );
    steps.push(...redirected.steps.slice(1));
    if (redirected.handledBy === 'proxy') {
      status = redirected.status;
      steps.push({ what: `the error page comes from the member, with its status ${status ?? ''} instead of ${result.status ?? ''}`, span });
      return { ...redirected, steps };
    }
    if (redirected.handledBy === 'error')
      steps.push({
        what: `the ErrorDocument's request fails too (${redirected.status ?? ''}): Apache sends its own ${status} page`,
        span,
      });
    else steps.push({ what: `the client gets the page with status ${status}`, span });
    return { ...result, handledBy: redirected.handledBy === 'error' ? 'error' : 'local' };
  }

  /** ProxyPassReverse (or a cookie variant) lines in merge order: the main server's, the server's, then the locations'. */
  function reverseAliases(name: string): ReverseAlias[] {
    const server_ = serverLevel(server, main, [name], true);
    const located = locationLines(server, main, locations).filter((line) => line.name === name && line.sections.length === 1);
    const aliases: ReverseAlias[] = [];
    for (const line of server_) {
      const [fake, real] = line.directive.args.map((word) => word.value);
      if (fake !== undefined && real !== undefined)
        aliases.push({
          directive: line.directive,
          fake: name === 'proxypassreverse' ? fake : real,
          real: name === 'proxypassreverse' ? real : fake,
        });
    }
    for (const line of located) {
      const section = line.sections[0]!;
      const value = line.directive.args[0]?.value;
      if (value === undefined) continue;
      if (name === 'proxypassreverse') aliases.push({ directive: line.directive, fake: section.args[0]?.value ?? '', real: value });
      else {
        const [real, fake] = line.directive.args.map((word) => word.value);
        if (real !== undefined && fake !== undefined) aliases.push({ directive: line.directive, fake, real });
      }
    }
    return aliases;
  }
}

function serverLabel(server: Server): string {
  if (!server.vhost) return 'the main server';
  return `<VirtualHost ${server.vhost.args.map((word) => word.value).join(' ')}>${server.serverName ? ` ${server.serverName}` : ''}`;
}

/** `scheme://host[:port]` of the request, as ap_construct_url builds it. */
function baseUrl(request: ClientRequest): string {
  const isDefault = request.port === (request.scheme === 'https' ? 443 : 80);
  const host = (headerValue(request, 'host') ?? request.host).replace(/:\d*$/, '');
  return `${request.scheme}://${host}${isDefault ? '' : `:${request.port}`}`;
}

function pathOf(url: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\/[^/?]*(.*)$/i.exec(url)?.[1] || '/';
}

function sameUrl(a: string, b: string): boolean {
  const trim = (url: string): string => asciiLower(url).replace(/\/+$/, '');
  return trim(a) === trim(b) || trim(b).startsWith(`${trim(a)}/`);
}

/** The server's own lines outside sections named one of `names`, the main server's first when `inherits`. */
function serverLevel(server: Server, main: Server, names: readonly string[], inherits: boolean): readonly Line[] {
  const own = ownLines(server, names);
  if (server === main || !inherits) return own;
  return [...ownLines(main, names), ...own];
}

function lastOwnValue(server: Server, name: string): Line | undefined {
  return ownLines(server, [name]).at(-1);
}

/**
 * mod_rewrite's engine is off unless this server turns it on; a virtual host that does not set
 * RewriteEngine takes the main server's (its configuration merges the engine's state, whatever
 * RewriteOptions says: checked on Apache 2.4.71), though not the main server's rules.
 */
function rewriteEngineOn(server: Server, main: Server): boolean {
  const line = lastOwnValue(server, 'rewriteengine') ?? (server === main ? undefined : lastOwnValue(main, 'rewriteengine'));
  return asciiLower(line?.directive.args[0]?.value ?? '') === 'on';
}

function rewriteInherits(server: Server): boolean {
  return ownLines(server, ['rewriteoptions']).some((line) =>
    line.directive.args.some((word) => asciiLower(word.value).startsWith('inherit')),
  );
}

function encodedSlashes(server: Server, main: Server): { value: EncodedSlashes; by: Directive | undefined } {
  const line = lastOwnValue(server, 'allowencodedslashes') ?? (server === main ? undefined : lastOwnValue(main, 'allowencodedslashes'));
  const value = asciiLower(line?.directive.args[0]?.value ?? 'off');
  return { value: value === 'on' ? 'on' : value === 'nodecode' ? 'nodecode' : 'off', by: line?.directive };
}

/** The `<Location>` and `<LocationMatch>` sections that apply to `uri`, in merge order: the main server's, then the virtual host's. */
function matchingLocations(server: Server, main: Server, uri: string, steps: TraceStep[]): Section[] {
  const all = server === main ? locationCandidates(main, uri) : [...locationCandidates(main, uri), ...locationCandidates(server, uri)];
  return all.filter((section) => locationMatches(section, uri, steps));
}

function locationMatches(section: Section, uri: string, steps: TraceStep[]): boolean {
  const matches = locationPath(section);
  if (matches === undefined) return false;
  const { isRegex, path } = matches;
  if (isRegex) return matchPattern(path, uri, false, steps, section.open.span) !== null;
  if (!uri.startsWith(path)) return false;
  return path.endsWith('/') || uri.length === path.length || uri[path.length] === '/';
}

/** The lines of the `<Location>` sections that apply, in merge order. */
function locationLines(server: Server, main: Server, locations: readonly Section[]): readonly Line[] {
  return server === main ? linesInSections(main, locations) : [...linesInSections(main, locations), ...linesInSections(server, locations)];
}

function passEntry(directive: Directive, path: string, isRegex: boolean, inSection: boolean): PassEntry | undefined {
  const words = directive.args.map((word) => word.value);
  const positional = words.filter((word) => word !== '~');
  const url = inSection ? positional[0] : positional[1];
  if (url === undefined) return undefined;
  const options = positional.slice(inSection ? 1 : 2);
  const upgrade = options.find((word) => /^upgrade=/i.test(word))?.slice('upgrade='.length);
  return {
    directive,
    path,
    isRegex,
    url,
    nocanon: options.some((word) => asciiLower(word) === 'nocanon'),
    upgrade: upgrade === undefined ? undefined : upgradeProtocols(upgrade),
    mapping: directive.args.find((word) => /^mapping=/i.test(word.value)),
  };
}

/**
 * The URL an entry maps `uri` to, and whether it keeps the path as the client wrote it (nocanon), or
 * undefined when it does not match. nocanon maps the raw path and query (`unparsed_uri`) instead,
 * unless that does not match as the decoded path did: then mod_proxy ignores it (AH01136).
 */
function matchEntry(
  entry: PassEntry,
  uri: string,
  request: ClientRequest,
  steps: TraceStep[],
): { readonly url: string; readonly nocanon: boolean } | undefined {
  const raw = `${request.path}${request.query === undefined ? '' : `?${request.query}`}`;
  if (entry.isRegex) {
    const match = matchPattern(entry.path, uri, false, steps, entry.directive.span);
    if (!match) return undefined;
    const rawMatch = entry.nocanon ? matchPattern(entry.path, raw, false, steps, entry.directive.span) : null;
    if (entry.nocanon && !rawMatch) ignoredNocanon(entry, steps);
    const [subject, groups] = rawMatch ? [raw, rawMatch] : [uri, match];
    const found = entry.url.replace(/\$(\d)/g, (_, n: string) => groups[Number(n)] ?? '');
    // A URL the substitution leaves unchanged gets the whole path appended (`<LocationMatch "^/v1/">` with
    // `ProxyPass "balancer://api/"` sends //v1/x).
    return { url: found === entry.url && entry.url !== '!' ? entry.url + subject : found, nocanon: rawMatch !== null };
  }
  const length = aliasMatch(uri, entry.path);
  if (length === 0) return undefined;
  if (entry.nocanon) {
    const rawLength = aliasMatch(raw, entry.path);
    if (rawLength === length) return { url: entry.url + raw.slice(rawLength), nocanon: true };
    ignoredNocanon(entry, steps);
  }
  return { url: entry.url + uri.slice(length), nocanon: false };
}

function ignoredNocanon(entry: PassEntry, steps: TraceStep[]): void {
  steps.push({
    what: `the path as written does not match ${entry.path} as the decoded one does, so nocanon is ignored (AH01136)`,
    span: entry.directive.span,
  });
}

/**
 * mod_proxy's alias_match: a prefix match where a run of slashes in the path matches a run in the
 * URI, ending at a `/` or the end of the URI unless the path ends with `/`; the length of the URI
 * matched, 0 for no match.
 */
export function aliasMatch(uri: string, path: string): number {
  let a = 0;
  let u = 0;
  while (a < path.length && u < uri.length) {
    if (path[a] === '/') {
      if (uri[u] !== '/') return 0;
      while (path[a] === '/') a++;
      while (uri[u] === '/') u++;
    } else if (path[a++] !== uri[u++]) return 0;
  }
  if (u === uri.length && a !== path.length) return 0;
  if (path[a - 1] !== '/' && u < uri.length && uri[u] !== '/') return 0;
  return u;
}

/**
 * The balancer of a name that a server's requests reach: its own (a virtual host's inheriting copy
 * included), else the main server's when the server is the main one or shares it; a virtual host
 * with both inherit switches off has none of the main server's, though the main server's ProxyPass
 * lines still reach it (then no handler takes the URL: 500, checked on 2.4.71).
 */
function findBalancer(analysis: Analysis, server: Server, name: string): Balancer | undefined {
  const balancers = analysis.model.balancers.filter((balancer) => balancer.name === name);
  const vhost = server.vhost;
  if (!vhost) return balancers.find((balancer) => balancer.scope.kind === 'main');
  return (
    balancers.find((balancer) => balancer.scope.kind === 'vhost' && balancer.scope.section === vhost) ??
    balancers.find(
      (balancer) =>
        balancer.scope.kind === 'main' && balancer.sharedAcross?.some((scope) => scope.kind === 'vhost' && scope.section === vhost),
    )
  );
}
