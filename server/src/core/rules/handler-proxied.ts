import { testRegex } from '../regex';
import { enclosing, stepsNamed } from '../syntax/named';
import type { Directive, Node, Section } from '../syntax/tree';
import { covers, isPlainRule, proxyRules, ProxyRule } from '../requests/proxy-rules';
import { argument, indentationAt } from './shared';
import type { Fix, Rule, RuleExamples, RuleFinding } from './types';

/** Handlers Apache serves itself, which a ProxyPass covering their path sends to a backend instead. */
const HANDLERS = new Set(['balancer-manager', 'server-status', 'server-info']);

/** A `<Location PATH>` whose SetHandler names one of HANDLERS. */
interface HandlerLocation {
  readonly handler: Directive;
  readonly section: Section;
  readonly path: string;
  readonly vhost: Section | undefined;
}

export const rule: Rule = {
  id: 'handler-proxied',
  severity: 'warning',
  docs: {
    summary:
      '`<Location /balancer-manager>` (or server-status, server-info) whose path a ProxyPass also covers: the page is proxied to a member',
    why: 'mod_proxy maps a request to a backend while translating its URL, before the handler runs, so a `ProxyPass /` sends /balancer-manager to a member, which answers 404 or its own page. A `ProxyPass /balancer-manager !` before it (or `ProxyPass !` inside the `<Location>`) keeps the path here.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    const handlers = handlerLocations(analysis.tree.nodes);
    if (handlers.length === 0) return findings;
    // By server (the main server's under undefined), each in file order: a handler sees the main
    // server's lines, then its own virtual host's; those inside a <Location> apart from the others.
    const byServer = new Map<Section | undefined, { located: ProxyRule[]; plain: ProxyRule[] }>();
    for (const line of proxyRules(analysis)) {
      if (line.kind === 'ProxyPassReverse') continue;
      let lines = byServer.get(line.vhost);
      if (!lines) byServer.set(line.vhost, (lines = { located: [], plain: [] }));
      (line.location ? lines.located : lines.plain).push(line);
    }
    const none = { located: [], plain: [] };
    const text = analysis.tree.text;
    const newline = text.includes('\r\n') ? '\r\n' : '\n';
    for (const handler of handlers) {
      const main = byServer.get(undefined) ?? none;
      const own = (handler.vhost && byServer.get(handler.vhost)) || none;
      // proxy_trans: the request's merged <Location> ProxyPass comes first (the last section in
      // merge order that has one: the main server's before the virtual host's, each in file order).
      const covers = (line: ProxyRule): boolean => locationCovers(line.location!, handler.path);
      const decisive = lastOf(own.located, covers) ?? lastOf(main.located, covers);
      let covering: ProxyRule;
      if (decisive) {
        if (decisive.url.value === '!') continue;
        covering = decisive;
      } else {
        // Then the server's list: the main server's lines, then the virtual host's own; the first match wins.
        const first = firstMatch(main.plain, handler.path) ?? firstMatch(own.plain, handler.path);
        if (first === 'unknown' || !first || first.url.value === '!') continue;
        covering = first;
      }
      const where = covering.pathWord
        ? `"ProxyPass ${covering.pathWord.value}"`
        : `the ProxyPass in <Location ${covering.location?.args[0]?.value ?? ''}>`;
      const advice = covering.location ? '"ProxyPass !" inside this <Location>' : `"ProxyPass ${handler.path} !" before it`;
      findings.push({
        span: handler.handler.args[0]!.span,
        message: `${where} proxies ${handler.path} to a backend: add ${advice}`,
        related: [{ span: covering.directive.span, message: 'the ProxyPass that takes this path' }],
        fixes: [fixFor(text, handler, covering, newline)],
      });
    }
    return findings;
  },
};

/** The last line of `lines` that passes `test`. */
function lastOf(lines: readonly ProxyRule[], test: (line: ProxyRule) => boolean): ProxyRule | undefined {
  for (let index = lines.length - 1; index >= 0; index--) if (test(lines[index]!)) return lines[index];
  return undefined;
}

/** The first line of `list` whose path matches `path`, or 'unknown' when a line before it cannot be judged. */
function firstMatch(list: readonly ProxyRule[], path: string): ProxyRule | undefined | 'unknown' {
  for (const line of list) {
    if (isPlainRule(line)) {
      if (covers(line.path, path)) return line;
      continue;
    }
    if (!line.isRegex || line.hasMapping || line.path === undefined || line.path.includes('${')) return 'unknown';
    // Invalid, or too costly to evaluate (core/regex.ts): what this line does with the path is not known.
    const matched = testRegex(line.path, path);
    if (typeof matched !== 'boolean') return 'unknown';
    if (matched) return line;
  }
  return undefined;
}

/** A plain `<Location>` matching every request under `path` (segment-aware: the sure cases only). */
function locationCovers(section: Section, path: string): boolean {
  if (section.name.toLowerCase() !== 'location' || section.args[0]?.value === '~') return false;
  const own = section.args[0]?.value;
  return own !== undefined && !own.includes('${') && covers(own, path);
}

function fixFor(text: string, handler: HandlerLocation, covering: ProxyRule, newline: string): Fix {
  if (covering.location) {
    const at = handler.handler.span.end;
    return {
      title: 'Keep this path out of the proxy ("ProxyPass !")',
      safe: false,
      edits: [{ span: { start: at, end: at }, newText: `${newline}${indentationAt(text, handler.handler.span.start)}ProxyPass !` }],
    };
  }
  const start = covering.directive.span.start;
  const indent = indentationAt(text, start);
  return {
    title: `Add "ProxyPass ${handler.path} !" before the ProxyPass that takes it`,
    safe: false,
    edits: [
      { span: { start, end: start }, newText: `ProxyPass ${argument(handler.path)} !${newline}${/^\s*$/.test(indent) ? indent : ''}` },
    ],
  };
}

/** Every plain `<Location>` with a SetHandler naming one of HANDLERS directly inside it, in walk order. */
function handlerLocations(nodes: readonly Node[]): HandlerLocation[] {
  const found: HandlerLocation[] = [];
  for (const step of stepsNamed(nodes, ['sethandler'])) {
    if (step.kind !== 'directive') continue;
    const directive = step.directive;
    const parent = step.parent;
    const value = directive.args[0]?.value.toLowerCase();
    if (value === undefined || !HANDLERS.has(value)) continue;
    if (!parent || parent.name.toLowerCase() !== 'location' || parent.args[0]?.value === '~') continue;
    const path = parent.args[0]?.value;
    if (path === undefined || !path.startsWith('/') || path.includes('${')) continue;
    found.push({ handler: directive, section: parent, path, vhost: enclosing(nodes, parent, 'virtualhost') });
  }
  return found;
}

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nProxyPass "/" "balancer://shop/"\nProxyPassReverse "/" "balancer://shop/"\n<Location "/balancer-manager">\n    SetHandler balancer-manager\n    Require local\n</Location>',
  good: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nProxyPass "/balancer-manager" "!"\nProxyPass "/" "balancer://shop/"\nProxyPassReverse "/" "balancer://shop/"\n<Location "/balancer-manager">\n    SetHandler balancer-manager\n    Require local\n</Location>',
};
