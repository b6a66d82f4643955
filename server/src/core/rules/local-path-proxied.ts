import { quoted } from '../bounded';
import { pathUnder, probe, serverOf, serverLines } from '../requests/probe';
import { serversOf, Line } from '../requests/servers';
import { handlerWords } from '../syntax/rewrite-words';
import type { Directive } from '../syntax/tree';
import { argument, indentationAt } from './shared';
import type { Fix, Rule, RuleExamples, RuleFinding } from './types';

/** Redirect's optional first word: a status. */
const REDIRECT_STATUS = /^(permanent|temp|seeother|gone|\d{3})$/i;

export const rule: Rule = {
  id: 'local-path-proxied',
  severity: 'warning',
  docs: {
    summary:
      'an `Alias`, `Redirect` or `ErrorDocument` (5xx, or any with `ProxyErrorOverride On`) whose path a ProxyPass or `RewriteRule … [P]` already sends to a member: Apache never serves it',
    why: "mod_proxy and mod_rewrite map a request before mod_alias does, so `ProxyPass /` takes /static/, /.well-known/acme-challenge/ and /errors/503.html too: the Alias's files, the redirect or the error page never reach the client (certificate renewals fail; when the members are down, the error page is fetched from the same dead balancer and the client gets Apache's bare 503). A `ProxyPass PATH !` before the ProxyPass keeps the path local.",
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    const text = analysis.tree.text;
    const newline = text.includes('\r\n') ? '\r\n' : '\n';
    const taken: Taken[] = [];
    const lines = serverLines(analysis, [
      'alias',
      'scriptalias',
      'redirect',
      'redirectpermanent',
      'redirecttemp',
      'errordocument',
      'proxyerroroverride',
    ]);
    const overrides = (line: Line): boolean =>
      lines.some(
        (each) =>
          each.name === 'proxyerroroverride' &&
          each.sections.length === 0 &&
          (each.server === line.server || each.server === serversOf(analysis).main) &&
          each.directive.args[0]?.value.toLowerCase() === 'on',
      );
    for (const line of lines) {
      if (line.sections.length > 0 || line.name === 'proxyerroroverride') continue;
      const local = localPath(line, overrides(line));
      if (!local) continue;
      const seen = probe(analysis, line.server, local.example);
      const by = seen?.decidedBy;
      // The main server's Alias lines (Debian's /icons/) are inherited by every virtual host: only a proxy line of their own server is theirs to fix.
      if (!seen || !by || seen.trace.handledBy === 'local' || serverOf(analysis, by) !== line.server) continue;
      taken.push({ line, local, by, to: seen.trace.balancer ?? seen.trace.member ?? 'a member' });
    }
    for (const each of taken) {
      // An Alias that serves a taken Redirect's or ErrorDocument's page is one problem, reported on that line.
      const alias = taken.find((other) => other !== each && other.local.isAlias && covers(other, each));
      if (each.local.isAlias && taken.some((other) => other !== each && !other.local.isAlias && covers(each, other))) continue;
      const path = alias?.local.path ?? each.local.path;
      const exclusion = each.by.name.toLowerCase() === 'proxypass' && each.by.args[0]?.value !== '~';
      findings.push({
        span: each.line.directive.span,
        message:
          `${directiveLabel(each.by)} takes ${quoted(each.local.example)}` +
          (exclusion ? `: add ProxyPass ${quoted(path)} "!" above it` : `: keep ${quoted(path)} out of it`),
        related: [
          { span: each.by.span, message: 'the line that proxies this path' },
          ...(alias ? [{ span: alias.line.directive.span, message: `the ${alias.line.directive.name} that serves it, taken too` }] : []),
        ],
        fixes: exclusion ? [excludeFix(text, newline, each.by, path)] : [],
      });
    }
    return findings;
  },
};

/** A line whose local path a proxy line takes. */
interface Taken {
  readonly line: Line;
  readonly local: LocalPath;
  readonly by: Directive;
  readonly to: string;
}

/** Whether `alias`'s path covers `other`'s page, in the same server. */
function covers(alias: Taken, other: Taken): boolean {
  return alias.line.server === other.line.server && other.local.example.startsWith(alias.local.path);
}

interface LocalPath {
  /** The URL path the line serves. */
  readonly path: string;
  /** A request path it would serve. */
  readonly example: string;
  readonly isAlias: boolean;
}

/** The path an Alias, Redirect or 5xx ErrorDocument serves locally, for the plain forms. */
function localPath(line: Line, errorOverride: boolean): LocalPath | undefined {
  const args = line.directive.args.map((word) => word.value);
  const plain = (path: string | undefined): path is string => path !== undefined && path.startsWith('/') && !path.includes('${');
  switch (line.name) {
    case 'alias':
    case 'scriptalias': {
      const path = args[0];
      return plain(path) && args.length === 2 && path !== '/' ? { path, example: pathUnder(path), isAlias: true } : undefined;
    }
    case 'errordocument': {
      const [status, page] = args;
      // A 5xx page is needed exactly when the members fail; a proxied 404 page may well be the application's own,
      // unless ProxyErrorOverride On puts Apache's pages in place of the members' (then its page is fetched through the proxy).
      return (errorOverride ? /^[45]\d\d$/ : /^5\d\d$/).test(status ?? '') && plain(page)
        ? { path: page.split('?')[0]!, example: page, isAlias: false }
        : undefined;
    }
    default: {
      const path = REDIRECT_STATUS.test(args[0] ?? '') && line.name === 'redirect' ? args[1] : args[0];
      return plain(path) && path !== '/' ? { path, example: path, isAlias: false } : undefined;
    }
  }
}

function directiveLabel(directive: Directive): string {
  const first = handlerWords(directive)[0]?.value ?? '';
  return directive.name.toLowerCase() === 'rewriterule' ? `RewriteRule ${quoted(first)}` : `${directive.name} ${quoted(first)}`;
}

/** `ProxyPass PATH !` on its own line before the ProxyPass that takes the path. */
function excludeFix(text: string, newline: string, by: Directive, path: string): Fix {
  const start = by.span.start;
  const indent = indentationAt(text, start);
  return {
    title: `Add ProxyPass ${quoted(path)} "!" before the ProxyPass that takes it`,
    safe: false,
    edits: [{ span: { start, end: start }, newText: `ProxyPass ${argument(path)} !${newline}${/^\s*$/.test(indent) ? indent : ''}` }],
  };
}

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nAlias "/static/" "/srv/static/"\nProxyPass "/" "balancer://app/"\nProxyPassReverse "/" "balancer://app/"',
  good: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nAlias "/static/" "/srv/static/"\nProxyPass "/static/" "!"\nProxyPass "/" "balancer://app/"\nProxyPassReverse "/" "balancer://app/"',
};
