import { quoted } from '../bounded';
import { enclosing, linesByServer, outermostSection } from '../syntax/named';
import type { Directive, Section } from '../syntax/tree';
import { argValue } from '../syntax/written';
import { asciiEquals, asciiLower, asciiStartsWith } from '../ascii';
import type { Fix, Rule, RuleExamples, RuleFinding } from './types';

/** Directives whose URL word names a worker Apache connects to: [lower-case name, index of the URL word]. */
const WORKER_URL: ReadonlyMap<string, (directive: Directive, inPath: boolean) => number> = new Map([
  // BalancerMember [balancer://name] URL … (the balancer name only outside <Proxy balancer://…>)
  ['balancermember', (directive) => (/^balancer:\/\//i.test(directive.args[0]?.value ?? '') ? 1 : 0)],
  // ProxyPass PATH URL …, or only URL inside <Location>
  ['proxypass', (directive, inPath) => (directive.args[0]?.value === '~' ? 2 : inPath ? 0 : 1)],
  ['proxypassmatch', (_directive, inPath) => (inPath ? 0 : 1)],
]);

/** Sections that give ProxyPass its path. */
const PATH_SECTIONS = new Set(['location', 'locationmatch']);

/** One server's SSLProxyEngine lines and TLS workers. */
interface Server {
  readonly section: Section | undefined;
  /** The last SSLProxyEngine value in this server (any section inside it), if any. */
  engine: boolean | undefined;
  readonly workers: { readonly url: string; readonly span: Directive['span']; readonly top: number }[];
}

export const rule: Rule = {
  id: 'ssl-proxy-engine-off',
  severity: 'warning',
  ignoresValues: true,
  docs: {
    summary: '`https://` or `wss://` members in a server or virtual host without `SSLProxyEngine On`',
    why: 'Apache starts, but every request to such a member fails with 500: mod_proxy cannot enable TLS on the backend connection ("AH00961: https: failed to enable ssl support").',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    const text = analysis.tree.text;
    const nodes = analysis.tree.nodes;
    const servers = linesByServer(nodes, ['sslproxyengine', ...WORKER_URL.keys()]).map(({ vhost, lines }) => {
      const server: Server = { section: vhost, engine: undefined, workers: [] };
      for (const { directive, parent } of lines) {
        if (asciiEquals(directive.name, 'sslproxyengine')) {
          const value = asciiLower(argValue(directive, 0) ?? '');
          if (value === 'on' || value === 'off') server.engine = value === 'on';
          continue;
        }
        // Most lines have no TLS URL where the URL word can be, and need neither their words, name nor sections.
        const tls =
          isTlsUrl(argValue(directive, 0) ?? '') || isTlsUrl(argValue(directive, 1) ?? '') || isTlsUrl(argValue(directive, 2) ?? '');
        if (!tls) continue;
        const inPath = enclosing(nodes, parent, PATH_SECTIONS) !== undefined;
        const urlIndex = WORKER_URL.get(asciiLower(directive.name))?.(directive, inPath);
        const word = urlIndex === undefined ? undefined : directive.args[urlIndex];
        if (word && isTlsUrl(word.value) && !word.value.includes('${')) {
          server.workers.push({
            url: word.value,
            span: word.span,
            top: (parent ? outermostSection(nodes, parent).open : directive).span.start,
          });
        }
      }
      return server;
    });
    const main = servers[0]!;
    const newline = text.includes('\r\n') ? '\r\n' : '\n';
    for (const server of servers) {
      // A virtual host without its own SSLProxyEngine takes the main server's (mod_ssl merges it).
      const engine = server.engine ?? (server === main ? undefined : main.engine);
      // Only servers with TLS workers cost anything: thousands of plain virtual hosts stay linear.
      if (engine === true || server.workers.length === 0) continue;
      const fixes = fixFor(text, server, engine, newline);
      for (const worker of server.workers) {
        const where = server.section ? 'this virtual host' : 'this server';
        const finding: RuleFinding = {
          span: worker.span,
          message: `${quoted(worker.url)} needs TLS, but ${where} has ${engine === false ? 'SSLProxyEngine Off' : 'no SSLProxyEngine On'}: add "SSLProxyEngine On"`,
          ...(fixes.length > 0 ? { fixes } : {}),
        };
        findings.push(finding);
      }
    }
    return findings;
  },
};

/** An `https://` or `wss://` URL (the scheme in any case). */
function isTlsUrl(url: string): boolean {
  const first = url.charCodeAt(0) | 32;
  return first === 104 ? asciiStartsWith(url, 0, 'https://') : first === 119 && asciiStartsWith(url, 0, 'wss://');
}

/** Adds `SSLProxyEngine On` as the first line of the virtual host, or before the top-level line holding the first TLS worker. */
function fixFor(text: string, server: Server, engine: boolean | undefined, newline: string): Fix[] {
  // An explicit Off was written on purpose: turning it on is the user's call, not an edit we offer.
  if (engine === false) return [];
  const first = server.section ? server.section.children[0] : undefined;
  const at = server.section
    ? first
      ? first.kind === 'directive'
        ? first.span.start
        : first.open.span.start
      : undefined
    : server.workers[0]?.top;
  if (at === undefined) return [];
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  const indent = /^[ \t]*/.exec(text.slice(lineStart, at))![0];
  return [
    {
      title: 'Add SSLProxyEngine On',
      safe: false,
      edits: [{ span: { start: lineStart, end: lineStart }, newText: `${indent}SSLProxyEngine On${newline}` }],
    },
  ];
}

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<VirtualHost *:443>\n    <Proxy "balancer://shop">\n        BalancerMember "https://app1.example.com"\n    </Proxy>\n    ProxyPass "/" "balancer://shop/"\n</VirtualHost>',
  good: '<VirtualHost *:443>\n    SSLProxyEngine On\n    <Proxy "balancer://shop">\n        BalancerMember "https://app1.example.com"\n    </Proxy>\n    ProxyPass "/" "balancer://shop/"\n</VirtualHost>',
};
