import { quoted } from '../bounded';
import { type ExprError, exprError } from '../expr/parse';
import { atoi } from '../model/cvalues';
import type { Span } from '../span';
import { knownModules } from '../syntax/conditions';
import type { Directive, SyntaxTree } from '../syntax/tree';
import { type NamedStep, stepsNamed } from '../syntax/named';
import { nextWord } from '../syntax/words';
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
      '`BalancerGrowth`, `BalancerPersist`, `BalancerInherit`, `ProxyPassInherit`, `ServerRoot`, `<VirtualHost>`, `ProxyHCExpr`, or an expression (`<If>`, `<ElseIf>`, `SetEnvIfExpr`, `RewriteCond expr`, `Require expr`) with an argument Apache refuses',
    why: 'BalancerGrowth takes one number from 0 to 1000; the other three take On or Off. Anything else (yes, true, 1, a missing value) stops Apache from starting, as does a `<VirtualHost>` with no address, a `ServerRoot` that is not a folder (checked for an absolute path inside the include roots), or a `ProxyHCExpr` without a name of at most 15 bytes and exactly one expression (write it in braces). Apache parses the expressions of `ProxyHCExpr`, `<If>`, `<ElseIf>`, `SetEnvIfExpr`, `RewriteCond expr` and `Require expr` while reading, and refuses one that does not parse: unbalanced quotes or parentheses, a value alone where a comparison belongs, a variable, function or operator it does not know, or a regular expression PCRE cannot compile.',
    bad: 'BalancerPersist yes\nBalancerGrowth 2000\n<If "%{REQUEST_URI} =~ /^/api//">\n</If>',
    good: 'BalancerPersist On\nBalancerGrowth 20\n<If "%{REQUEST_URI} =~ m#^/api/#">\n</If>',
  },
  *check({ analysis }) {
    for (const step of stepsNamed(analysis.tree.nodes, ['<if', '<elseif', 'setenvifexpr', 'require', 'rewritecond'])) {
      const finding = expressionFinding(step, analysis.tree);
      if (finding) yield finding;
    }
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
            ? unparsed('ProxyHCExpr', problem.reason ?? "see Apache's words")
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

/** Our message for an expression ap_expr refuses. */
function unparsed(directive: string, reason: string): string {
  return `the ${directive} expression does not parse: ${reason}`;
}

/**
 * An expression ap_expr refuses where Apache parses it while reading: `<If>`/`<ElseIf>` (core.c
 * ifsection: the first word), `SetEnvIfExpr` (the first word), `RewriteCond expr` (its second
 * word) and `Require expr` (mod_authz_core: the rest of the line, without the double quotes around
 * all of it). Each in its handler's words.
 */
function expressionFinding(step: NamedStep, tree: SyntaxTree): RuleFinding | undefined {
  const modules = knownModules(tree);
  const isLoaded = (module: string): boolean => modules?.has(module) ?? true;
  const lookups = { hcheck: isLoaded('proxy_hcheck_module'), ssl: isLoaded('ssl_module') };
  const refusal = (label: string, span: Span, error: ExprError | undefined, prefix: string): RuleFinding | undefined =>
    error && { span, message: unparsed(label, error.reason), apacheMessage: error.jammed ? error.message : `${prefix}${error.message}` };
  if (step.kind === 'enter') {
    const [condition] = step.section.args;
    if (!condition) return undefined;
    const label = `<${step.section.name}>`;
    return refusal(label, condition.span, exprError(condition.value, lookups), 'Cannot parse condition clause: ');
  }
  const { directive } = step;
  if (directive.name.toLowerCase() === 'setenvifexpr') {
    const [expression] = directive.args;
    if (!expression || expression.value === '' || !isLoaded('setenvif_module')) return undefined;
    const error = exprError(expression.value, lookups);
    return refusal('SetEnvIfExpr', expression.span, error, `Could not parse expression "${expression.value}": `);
  }
  if (directive.name.toLowerCase() === 'rewritecond') {
    const [test, condition] = directive.args;
    if (test?.value.toLowerCase() !== 'expr' || !condition || !isLoaded('rewrite_module')) return undefined;
    // cmd_rewritecond: a leading `!` negates; Apache 2.4.71 puts no colon before ap_expr's words.
    const expression = condition.value.startsWith('!') ? condition.value.slice(1) : condition.value;
    return refusal(
      'RewriteCond expr',
      condition.span,
      exprError(expression, lookups),
      `RewriteCond: cannot compile expression "${expression}" `,
    );
  }
  let provider = nextWord(directive.argText, 0);
  if (provider?.word.value.toLowerCase() === 'not') provider = nextWord(directive.argText, provider.next);
  if (provider?.word.value !== 'expr' || !isLoaded('authz_core_module')) return undefined;
  const line = directive.argText.text.slice(provider.next);
  const expression = line.length > 1 && line.startsWith('"') && line.endsWith('"') ? line.slice(1, -1) : line;
  return refusal('Require expr', directive.span, exprError(expression, lookups), 'Cannot parse expression in require line: ');
}

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
