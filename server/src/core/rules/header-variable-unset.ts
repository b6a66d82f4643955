import { stepsNamed } from '../syntax/named';
import { handlerWords } from '../syntax/rewrite-words';
import type { Rule, RuleExamples, RuleFinding } from './types';

/**
 * Variables Apache puts in the environment only for CGI and SSI (ap_add_common_vars, ap_add_cgi_vars):
 * when mod_headers edits a proxied request they are not set. Each is one `expr=` reads itself.
 */
const CGI_ONLY = new Set([
  'SERVER_PROTOCOL',
  'REQUEST_SCHEME',
  'REQUEST_METHOD',
  'REQUEST_URI',
  'QUERY_STRING',
  'SERVER_NAME',
  'SERVER_PORT',
  'SERVER_ADMIN',
  'REMOTE_ADDR',
  'REMOTE_HOST',
  'REMOTE_USER',
  'AUTH_TYPE',
  'DOCUMENT_ROOT',
  'CONTEXT_PREFIX',
  'CONTEXT_DOCUMENT_ROOT',
  'SCRIPT_FILENAME',
  'PATH_INFO',
]);
/** Directives that set an environment variable, so a name they set is not CGI-only here. */
const SETTERS = ['setenv', 'setenvif', 'setenvifnocase', 'setenvifexpr', 'browsermatch', 'browsermatchnocase', 'passenv', 'rewriterule'];

export const rule: Rule = {
  id: 'header-variable-unset',
  severity: 'warning',
  docs: {
    summary:
      '`RequestHeader` or `Header` with `%{SERVER_PROTOCOL}e` (or another CGI variable): it is not set there, and the header says `(null)`',
    why: "`%{NAME}e` reads the request's environment, where the CGI variables (`REQUEST_SCHEME`, `SERVER_PORT`, `REMOTE_ADDR`…) are put only when a CGI script or SSI page runs. A proxied request never has them, so the member receives `X-Forwarded-Proto: (null)`. `expr=%{REQUEST_SCHEME}` reads the value itself.",
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    const nodes = analysis.tree.nodes;
    const lines = stepsNamed(nodes, ['requestheader', 'header']);
    if (lines.length === 0) return findings;
    const setHere = new Set<string>();
    for (const step of stepsNamed(nodes, SETTERS)) {
      if (step.kind !== 'directive') continue;
      for (const word of handlerWords(step.directive))
        for (const match of word.value.matchAll(/(?:^|[\s,[])(?:E=)?!?([A-Za-z_][A-Za-z0-9_]*)(?=[=:]|$)/g))
          setHere.add(match[1]!.toUpperCase());
    }
    for (const step of lines) {
      if (step.kind !== 'directive') continue;
      for (const word of step.directive.args) {
        if (word.value.startsWith('expr=')) continue;
        const match = /%\{([A-Za-z_][A-Za-z0-9_]*)\}e/.exec(word.value);
        const name = match?.[1];
        if (!match || name === undefined || !CGI_ONLY.has(name.toUpperCase()) || setHere.has(name.toUpperCase())) continue;
        const whole = word.value === match[0];
        const raw = analysis.tree.text.slice(word.span.start, word.span.end);
        const quote = /^["']/.test(raw) ? raw[0]! : '"';
        findings.push({
          span: word.span,
          message: `${match[0]} is set only for CGI scripts, so this header says "(null)": write "expr=%{${name.toUpperCase()}}"`,
          fixes: whole
            ? [
                {
                  title: `Read it with expr=%{${name.toUpperCase()}}`,
                  safe: true,
                  edits: [{ span: word.span, newText: `${quote}expr=%{${name.toUpperCase()}}${quote}` }],
                },
              ]
            : [],
        });
      }
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nRequestHeader set X-Forwarded-Proto "%{REQUEST_SCHEME}e"\nProxyPass "/" "balancer://app/"',
  good: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nRequestHeader set X-Forwarded-Proto "expr=%{REQUEST_SCHEME}"\nProxyPass "/" "balancer://app/"',
};
