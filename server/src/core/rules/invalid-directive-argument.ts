import { quoted } from '../bounded';
import { atoi } from '../model/cvalues';
import type { Directive } from '../syntax/tree';
import { stepsNamed } from '../syntax/named';
import { modelProblems, syntaxProblems } from './shared';
import type { Rule, RuleFinding } from './types';

/** mod_proxy's On|Off server directives (FLAG): the first word must be On or Off, any case. */
const FLAGS = new Map([
  ['balancerpersist', 'BalancerPersist'],
  ['balancerinherit', 'BalancerInherit'],
  ['proxypassinherit', 'ProxyPassInherit'],
]);

export const rule: Rule = {
  id: 'invalid-directive-argument',
  severity: 'error',
  docs: {
    summary:
      '`BalancerGrowth`, `BalancerPersist`, `BalancerInherit`, `ProxyPassInherit`, `ServerRoot`, `<VirtualHost>` or `ProxyHCExpr` with an argument Apache refuses',
    why: 'BalancerGrowth takes one number from 0 to 1000; the other three take On or Off. Anything else (yes, true, 1, a missing value) stops Apache from starting, as does a `<VirtualHost>` with no address, a `ServerRoot` that is not a folder (checked for an absolute path inside the include roots), or a `ProxyHCExpr` without a name of at most 15 bytes and exactly one expression (write it in braces) that ap_expr parses: balanced quotes and parentheses, a comparison rather than a value alone, variables, functions and operators Apache knows, and regular expressions PCRE compiles.',
    bad: 'BalancerPersist yes\nBalancerGrowth 2000',
    good: 'BalancerPersist On\nBalancerGrowth 20',
  },
  *check({ analysis }) {
    for (const step of stepsNamed(analysis.tree.nodes, [...FLAGS.keys(), 'balancergrowth', '<virtualhost'])) {
      if (step.kind === 'enter') {
        // virtualhost_section: nothing but blanks before the `>` is no address at all.
        if (step.section.args.length === 0 && step.section.hasBracket)
          yield {
            span: step.section.open.span,
            message: '<VirtualHost> needs an address, e.g. <VirtualHost *:80>',
            apacheMessage: '<VirtualHost> directive requires additional arguments',
          };
        continue;
      }
      const finding = check(step.directive);
      if (finding) yield finding;
    }
    for (const problem of modelProblems(analysis, 'invalid-directive-argument'))
      yield {
        span: problem.span,
        message:
          problem.kind === 'hc-condition'
            ? `ProxyHCExpr's expression does not parse: ${problem.reason ?? "see Apache's words"}`
            : HC_ADVICE[problem.kind as keyof typeof HC_ADVICE],
        apacheMessage: problem.message,
      };
    for (const problem of syntaxProblems(analysis, 'invalid-directive-argument'))
      yield {
        span: problem.span,
        message: `ServerRoot ${quoted(unquoted(analysis.tree.text.slice(problem.span.start, problem.span.end)))} is not a folder: name the folder Apache runs from`,
        apacheMessage: problem.message,
      };
  },
};

const HC_EXAMPLE = 'e.g. ProxyHCExpr ok {%{REQUEST_STATUS} =~ /^[23]/}';

/** mod_proxy_hcheck's definitions (build.ts hcCondition): what to write instead, by the model's problem. */
const HC_ADVICE = {
  'hc-name': 'a health-check definition needs a name first (an expression name of at most 15 bytes)',
  'hc-expression': `ProxyHCExpr needs an expression after its name, ${HC_EXAMPLE}`,
  'hc-extra': `ProxyHCExpr takes one expression: write it in braces, ${HC_EXAMPLE}`,
};

/** A word as written without the quotes around it. */
function unquoted(word: string): string {
  return /^(["']).*\1$/s.test(word) ? word.slice(1, -1) : word;
}

function check(directive: Directive): RuleFinding | undefined {
  const lower = directive.name.toLowerCase();
  const [first] = directive.args;
  const flag = FLAGS.get(lower);
  if (flag !== undefined) {
    const value = first?.value.toLowerCase();
    if (value === 'on' || value === 'off') return undefined;
    return {
      span: first?.span ?? directive.nameSpan,
      message: `${flag} takes On or Off${first ? `, not ${quoted(first.value)}` : ''}`,
      apacheMessage: `${flag} must be On or Off`,
    };
  }
  if (lower !== 'balancergrowth') return undefined;
  // TAKE1: exactly one non-empty word.
  if (!first || first.value === '' || directive.args.length > 1) {
    return {
      span: directive.span,
      message: 'BalancerGrowth takes one number, from 0 to 1000',
      apacheMessage: 'BalancerGrowth takes one argument, Number of additional Balancers that can be added post-config',
    };
  }
  const growth = atoi(first.value);
  if (growth >= 0 && growth <= 1000) return undefined;
  return {
    span: first.span,
    message: `BalancerGrowth ${quoted(first.value)} is out of range: write 0 to 1000`,
    apacheMessage: 'BalancerGrowth must be between 0 and 1000',
  };
}
