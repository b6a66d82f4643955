import { serverLines } from '../requests/probe';
import { serversOf, type Line, type Server } from '../requests/servers';
import { indentationAt, lineStart } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'rewrite-engine-off',
  severity: 'warning',
  docs: {
    summary: '`RewriteRule` lines in a server that no `RewriteEngine` line turns on: they never run',
    why: "mod_rewrite's engine is off by default, and Apache accepts rules it will never run: without `RewriteEngine On` in the server (or in the main server, for a virtual host that sets none), a `RewriteRule … [P]` proxies nothing and requests fall through to whatever else maps them, often a 404 from the file system.",
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    const lines = serverLines(analysis, ['rewriteengine', 'rewritecond', 'rewriterule']);
    if (!lines.some((line) => line.name === 'rewriterule')) return findings;
    const { main } = serversOf(analysis);
    // Each server's rewrite lines, in order, read once.
    const byServer = new Map<Server, Line[]>();
    for (const line of lines) {
      const own = byServer.get(line.server);
      if (own) own.push(line);
      else byServer.set(line.server, [line]);
    }
    const setsEngine = (server: Server): boolean => byServer.get(server)?.some((line) => line.name === 'rewriteengine') ?? false;
    const text = analysis.tree.text;
    for (const [server, own] of byServer) {
      const rules = own.filter((line) => line.name === 'rewriterule');
      // Any RewriteEngine line of the server (Off is a choice), or the main server's for a virtual host that sets none.
      if (rules.length === 0 || setsEngine(server) || (server !== main && setsEngine(main))) continue;
      const where = server === main ? 'this server' : 'this host or the main server';
      // RewriteEngine On goes before the first rewrite line outside sections (it then covers its sections too), else its first one.
      const at = own.find((line) => line.sections.length === 0) ?? own[0]!;
      const start = lineStart(text, at.directive.span.start);
      findings.push({
        span: rules[0]!.directive.span,
        message: `no RewriteEngine line in ${where}, so ${rules.length === 1 ? 'this RewriteRule never runs' : `its ${rules.length} RewriteRule lines never run`}: add RewriteEngine On`,
        fixes: [
          {
            title: 'Add RewriteEngine On',
            // It makes rules run that never ran: a change of behaviour, never applied unattended.
            safe: false,
            edits: [{ span: { start, end: start }, newText: `${indentationAt(text, at.directive.span.start)}RewriteEngine On\n` }],
          },
        ],
      });
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nRewriteRule "^/api/(.*)$" "balancer://app/$1" [P]',
  good: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nRewriteEngine On\nRewriteRule "^/api/(.*)$" "balancer://app/$1" [P]',
};
