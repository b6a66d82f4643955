import { asciiLower } from '../ascii';
import { flagsOf } from '../requests/rewrite';
import { foldedName, linesByServer, parentSection } from '../syntax/named';
import { handlerWords } from '../syntax/rewrite-words';
import type { Directive, Node, Section } from '../syntax/tree';
import type { Rule, RuleExamples, RuleFinding } from './types';

/** What one server (the main server or a virtual host) says about forward proxying. */
interface Server {
  /** The last `ProxyRequests` line in it, with its value. */
  requests: { readonly directive: Directive; readonly isOn: boolean } | undefined;
  /** A ProxyPass or `RewriteRule … [P]` to a balancer. */
  reverseProxies: boolean;
  /** A `<Proxy *>` with an access rule other than `Require all granted`. */
  restricted: boolean;
}

/** Access directives that restrict who may use a `<Proxy *>` (2.4's Require, 2.2's Deny via mod_access_compat; Allow only opens). */
const ACCESS = new Set(['require', 'deny']);

export const rule: Rule = {
  id: 'open-forward-proxy',
  severity: 'warning',
  ignoresValues: true,
  docs: {
    summary: '`ProxyRequests On` in a server that reverse-proxies to a balancer, with no `<Proxy *>` restricting who may use it',
    why: 'A reverse proxy needs no `ProxyRequests`: `On` turns the server into a forward proxy that fetches any URL on any host for any client (`GET http://elsewhere/ HTTP/1.1`), which is how servers end up on open-proxy lists and reach internal hosts.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    const nodes = analysis.tree.nodes;
    const inProxyAll = proxyAllTest(nodes);
    const servers = linesByServer(nodes, ['proxyrequests', 'require', 'deny', 'proxypass', 'rewriterule']).map(({ lines }) => {
      const server: Server = { requests: undefined, reverseProxies: false, restricted: false };
      for (const { directive, parent } of lines) {
        const name = asciiLower(directive.name);
        const value = handlerWords(directive).map((word) => asciiLower(word.value));
        if (name === 'proxyrequests' && (value[0] === 'on' || value[0] === 'off')) server.requests = { directive, isOn: value[0] === 'on' };
        else if (ACCESS.has(name) && !(name === 'require' && value.join(' ') === 'all granted') && inProxyAll(parent))
          server.restricted = true;
        else if (isBalancerPass(name, value)) server.reverseProxies = true;
      }
      return server;
    });
    const main = servers[0]!;
    const flagged = new Set<Directive>();
    for (const server of servers) {
      // A virtual host inherits the main server's ProxyRequests, ProxyPass lines and <Proxy> sections.
      const requests = server.requests ?? main.requests;
      if (!requests?.isOn || flagged.has(requests.directive)) continue;
      if (!(server.reverseProxies || main.reverseProxies) || server.restricted || main.restricted) continue;
      flagged.add(requests.directive);
      const on = requests.directive.args[0]!;
      findings.push({
        span: requests.directive.span,
        message: 'ProxyRequests On lets any client use this server as a proxy to any host: use ProxyRequests Off, ProxyPass needs none',
        fixes: [{ title: 'Set ProxyRequests Off', safe: false, edits: [{ span: on.span, newText: 'Off' }] }],
      });
    }
    return findings;
  },
};

/**
 * Whether a line in a section is inside a `<Proxy *>` (or `<Proxy "*">`, the section that applies to every proxied
 * request, forward ones included) of its own server: among the sections around it up to its virtual host. Answered
 * once per section, however deep the nesting.
 */
function proxyAllTest(nodes: readonly Node[]): (section: Section | undefined) => boolean {
  const known = new Map<Section | undefined, boolean>([[undefined, false]]);
  return (section) => {
    const passed: Section[] = [];
    let at = section;
    while (!known.has(at)) {
      passed.push(at!);
      at = parentSection(nodes, at!);
    }
    let inside = known.get(at)!;
    for (let i = passed.length - 1; i >= 0; i--) {
      const each = passed[i]!;
      const name = foldedName(nodes, each);
      inside = name !== 'virtualhost' && (inside || (name === 'proxy' && each.args[0]?.value === '*'));
      known.set(each, inside);
    }
    return inside;
  };
}
/** A ProxyPass or `RewriteRule … [P]` whose target is a balancer (arguments lower-cased). */
function isBalancerPass(name: string, args: readonly string[]): boolean {
  if (name === 'proxypass') return args.some((arg) => arg.startsWith('balancer://'));
  if (name !== 'rewriterule') return false;
  const flags = flagsOf(args[2]);
  return (args[1]?.startsWith('balancer://') ?? false) && (flags.has('p') || flags.has('proxy'));
}

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: 'ProxyRequests On\n<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nProxyPass "/" "balancer://shop/"\nProxyPassReverse "/" "balancer://shop/"',
  good: 'ProxyRequests Off\n<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nProxyPass "/" "balancer://shop/"\nProxyPassReverse "/" "balancer://shop/"',
};
