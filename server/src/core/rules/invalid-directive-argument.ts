import { asciiLower } from '../ascii';
import { quoted } from '../bounded';
import { type ExprError, exprError, type ExprModules } from '../expr/parse';
import type { Span } from '../span';
import { suggestFrom } from '../suggest';
import { contextOf, refusal as contextRefusal } from '../directives/directive-context';
import { findDirective, moduleIdentifier } from '../directives/directives';
import { FLAG_DIRECTIVES } from '../directives/flags';
import { knownModules } from '../syntax/conditions';
import { type MappedText, spanOf } from '../syntax/lines';
import type { Directive, SyntaxTree } from '../syntax/tree';
import { type NamedStep, stepsNamed } from '../syntax/named';
import { rewriteArguments } from '../syntax/rewrite-words';
import { nextWord } from '../syntax/words';
import { headerRefusal } from './header-arguments';
import { VALUE_DIRECTIVES, valueRefusal } from './directive-values';
import { isRewriteFlag, REWRITE_RULE_FLAGS, type RewriteDirective, type RewriteRefusal, rewriteRefusal } from './rewrite-arguments';
import { modelProblems, syntaxProblems } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

/** The FLAG directives, by lower-case name: their first word must be On or Off, any case. */
const FLAGS: ReadonlyMap<string, string> = new Map(FLAG_DIRECTIVES.map((name) => [name.toLowerCase(), name]));

export const rule: Rule = {
  id: 'invalid-directive-argument',
  severity: 'error',
  docs: {
    summary:
      '`BalancerGrowth`, `ProxyVia`, `ProxyTimeout`, `ProxyErrorOverride`, the cookie and buffer directives of mod_proxy, an On|Off directive (`BalancerPersist`, `ProxyPreserveHost`, `SSLProxyEngine`, `KeepAlive`, `RewriteEngine` and 76 more), `ServerRoot`, `<VirtualHost>`, `ProxyHCExpr`, the words and flags of `RewriteRule` and `RewriteCond`, the words of `Header` and `RequestHeader`, or an expression (`<If>`, `<ElseIf>`, `SetEnvIfExpr`, `RewriteCond expr`, `Require expr`) with an argument Apache refuses',
    why: 'BalancerGrowth takes one number from 0 to 1000; a directive of the On|Off kind takes On or Off. Anything else (yes, true, 1, a missing value) stops Apache from starting, as does a `<VirtualHost>` with no address, a `ServerRoot` that is not a folder (checked for an absolute path inside the include roots), or a `ProxyHCExpr` without a name of at most 15 bytes and exactly one expression (write it in braces). Apache parses the expressions of `ProxyHCExpr`, `<If>`, `<ElseIf>`, `SetEnvIfExpr`, `RewriteCond expr` and `Require expr` while reading, and refuses one that does not parse: unbalanced quotes or parentheses, a value alone where a comparison belongs, a variable, function or operator it does not know, or a regular expression PCRE cannot compile. mod_rewrite reads `RewriteRule` and `RewriteCond` lines its own way: two words, then the flags as one word written `[…]` (a space ends it unless the flags are quoted), each flag one it knows (`[P]]` is the flag `P]`, `[L,]` has an empty one, and `L` is no `RewriteCond` flag), `BNE=` with characters, and an `R=` number that is an HTTP status Apache knows (`R=418` is refused). mod_headers refuses a `Header` or `RequestHeader` line with an action it does not know, too few or too many words, a condition other than `early`, `env=VAR` or an `expr=` that parses, an `edit` or `echo` pattern PCRE cannot compile, or a `%` format it does not know (`%x`; `%%` is a percent sign).',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    if (isLoaded(analysis.tree, 'rewrite_module'))
      for (const step of stepsNamed(analysis.tree.nodes, ['rewriterule', 'rewritecond'])) {
        if (step.kind !== 'directive') continue;
        const finding = rewriteFinding(step.directive, analysis.tree);
        if (finding) findings.push(finding);
      }
    if (isLoaded(analysis.tree, 'headers_module'))
      for (const step of stepsNamed(analysis.tree.nodes, ['header', 'requestheader'])) {
        if (step.kind !== 'directive') continue;
        const { directive } = step;
        if (mayComeFromEnvironment(analysis.tree, directive)) continue;
        const found = headerRefusal(asciiLower(directive.name) === 'header', directive.args, exprLookups(analysis.tree));
        if (found) findings.push({ span: found.word?.span ?? directive.span, message: found.message, apacheMessage: found.apacheMessage });
      }
    for (const step of stepsNamed(analysis.tree.nodes, ['<if', '<elseif', 'setenvifexpr', 'require'])) {
      const finding = expressionFinding(step, analysis.tree);
      if (finding) findings.push(finding);
    }
    for (const step of stepsNamed(analysis.tree.nodes, [...FLAGS.keys(), ...VALUE_DIRECTIVES, '<virtualhost'])) {
      if (step.kind === 'enter') {
        // virtualhost_section: nothing but blanks before the `>` is no address at all.
        if (step.section.args.length === 0 && step.section.hasBracket)
          findings.push({
            span: step.section.open.span,
            message: '<VirtualHost> needs an address, e.g. <VirtualHost *:80>',
            apacheMessage: '<VirtualHost> directive requires additional arguments',
          });
        continue;
      }
      // A FLAG directive its module does not give, or one out of place, is another rule's refusal (Apache stops there first).
      const { directive, parent } = step;
      if (mayComeFromEnvironment(analysis.tree, directive)) continue;
      const module = moduleIdentifier(findDirective(directive.name)?.module ?? 'core');
      if (module !== '' && !isLoaded(analysis.tree, module)) continue;
      const context = contextOf(parent);
      if (context && contextRefusal(directive.name, context, parent)) continue;
      const finding = check(directive);
      if (finding) findings.push(finding);
    }
    for (const problem of modelProblems(analysis, 'invalid-directive-argument'))
      findings.push({
        span: problem.span,
        message:
          problem.kind === 'hc-condition'
            ? unparsed('ProxyHCExpr', problem.reason ?? "see Apache's words")
            : HC_ADVICE[problem.kind as keyof typeof HC_ADVICE],
        apacheMessage: problem.message,
      });
    for (const problem of syntaxProblems(analysis, 'invalid-directive-argument'))
      findings.push({
        span: problem.span,
        message: `ServerRoot ${quoted(unquoted(analysis.tree.text.slice(problem.span.start, problem.span.end)))} is not a folder: name the folder Apache runs from`,
        apacheMessage: problem.message,
      });
    return findings;
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

/** The names ap_expr can look up, by the modules that give them. */
function exprLookups(tree: SyntaxTree): ExprModules {
  return { hcheck: isLoaded(tree, 'proxy_hcheck_module'), ssl: isLoaded(tree, 'ssl_module') };
}

/** An ap_expr refusal in its handler's words: ours, and Apache's after the handler's prefix. */
function refusal(label: string, span: Span, error: ExprError | undefined, prefix: string): RuleFinding | undefined {
  return (
    error && { span, message: unparsed(label, error.reason), apacheMessage: error.jammed ? error.message : `${prefix}${error.message}` }
  );
}

/**
 * An expression ap_expr refuses where Apache parses it while reading: `<If>`/`<ElseIf>` (core.c
 * ifsection: the first word), `SetEnvIfExpr` (the first word) and `Require expr` (mod_authz_core:
 * the rest of the line, without the double quotes around all of it). Each in its handler's words;
 * `RewriteCond expr` is read with the rest of its line (rewriteFinding).
 */
function expressionFinding(step: NamedStep, tree: SyntaxTree): RuleFinding | undefined {
  const loaded = (module: string): boolean => isLoaded(tree, module);
  const lookups = exprLookups(tree);
  if (step.kind === 'enter') {
    const [condition] = step.section.args;
    if (!condition) return undefined;
    const label = `<${step.section.name}>`;
    return refusal(label, condition.span, exprError(condition.value, lookups), 'Cannot parse condition clause: ');
  }
  const { directive } = step;
  if (directive.name.toLowerCase() === 'setenvifexpr') {
    const [expression] = directive.args;
    if (!expression || expression.value === '' || !loaded('setenvif_module')) return undefined;
    const error = exprError(expression.value, lookups);
    return refusal('SetEnvIfExpr', expression.span, error, `Could not parse expression "${expression.value}": `);
  }
  // The line's words are its text's as nextWord reads them: most Require lines name another provider, and end here.
  const [first, second] = directive.args;
  const isNot = first?.value.toLowerCase() === 'not';
  if ((isNot ? second : first)?.value !== 'expr' || !loaded('authz_core_module')) return undefined;
  let provider = nextWord(directive.argText, 0)!;
  if (isNot) provider = nextWord(directive.argText, provider.next)!;
  const line = directive.argText.text.slice(provider.next);
  const expression = line.length > 1 && line.startsWith('"') && line.endsWith('"') ? line.slice(1, -1) : line;
  return refusal('Require expr', directive.span, exprError(expression, lookups), 'Cannot parse expression in require line: ');
}

/**
 * Whether a word of the line still holds a `${VAR}` that Apache's environment may set at start-up
 * (unless the whole environment was given): its value is not judged on the variable's name
 * (`refused-if-unset` and `undefined-variable` speak of the variable).
 */
function mayComeFromEnvironment(tree: SyntaxTree, directive: Directive): boolean {
  return !tree.environmentIsComplete && directive.args.some((word) => word.value.includes('${'));
}

/** Whether a module is loaded, or may be: a piece of a larger configuration loads what it may. */
function isLoaded(tree: SyntaxTree, module: string): boolean {
  return knownModules(tree)?.has(module) ?? true;
}

/**
 * What cmd_rewriterule and cmd_rewritecond refuse in a line's words and flags (rewrite-arguments.ts),
 * on the flag at fault where there is one, with what to write instead; then, as Apache goes on, a
 * `RewriteCond expr` whose expression (its second word) ap_expr refuses.
 */
function rewriteFinding(directive: Directive, tree: SyntaxTree): RuleFinding | undefined {
  const name: RewriteDirective = asciiLower(directive.name) === 'rewriterule' ? 'RewriteRule' : 'RewriteCond';
  const { argText } = directive;
  const found = rewriteRefusal(name, argText.text);
  if (found) return rewriteRefusalFinding(directive, argText, name, found);
  const words = rewriteArguments(directive);
  if (name === 'RewriteRule' || !words || asciiLower(words.first.value) !== 'expr') return undefined;
  // A leading `!` negates; Apache 2.4.71 puts no colon before ap_expr's words.
  const condition = words.second.value;
  const expression = condition.startsWith('!') ? condition.slice(1) : condition;
  return refusal(
    'RewriteCond expr',
    words.second.span,
    exprError(expression, exprLookups(tree)),
    `RewriteCond: cannot compile expression "${expression}" `,
  );
}

/** A refusal of the words or flags, worded. */
function rewriteRefusalFinding(directive: Directive, argText: MappedText, name: RewriteDirective, refusal: RewriteRefusal): RuleFinding {
  const span = (start: number, end: number): Span => spanOf(argText, start, end);
  const { apacheMessage } = refusal;
  switch (refusal.kind) {
    case 'argument-line':
      return { span: directive.span, message: argumentLineAdvice(name, argText.text), apacheMessage };
    case 'delimiters': {
      const { flags } = refusal;
      const at = span(flags.writtenStart, flags.writtenEnd);
      const example = name === 'RewriteRule' ? '[R=301,L]' : '[NC,OR]';
      if (!flags.value.startsWith('['))
        return {
          span: at,
          message: `${quoted(flags.value)} stands where the flags go, in brackets like ${example}: quote a word that holds a space`,
          apacheMessage,
        };
      const isQuoted = flags.writtenStart < flags.start;
      if (!isQuoted && argText.text.slice(flags.writtenEnd).trim() !== '')
        return {
          span: at,
          message: `a space ends the flags at ${quoted(flags.value)}: write them without spaces, e.g. ${example}`,
          apacheMessage,
        };
      // After the field's last character, as written: not inside a `${VAR}` that gave it.
      const lastCharacter = span(flags.end - 1, flags.end);
      const end = { start: lastCharacter.end, end: lastCharacter.end };
      const close =
        flags.value.includes(']') || lastCharacter.end - lastCharacter.start !== 1
          ? []
          : [{ title: 'Close the flags with "]"', safe: true, edits: [{ span: end, newText: ']' }] }];
      return { span: at, message: `the flags ${quoted(flags.value)} are not closed: end them with "]"`, apacheMessage, fixes: close };
    }
    case 'unknown-flag':
      return unknownFlagFinding(name, refusal, span);
    case 'bne-value':
      return {
        span: span(refusal.flag.start, refusal.flag.end),
        message: 'flag BNE needs the characters B should leave alone, e.g. [B,BNE=/]',
        apacheMessage,
      };
    case 'redirect-status':
      return {
        span: span(refusal.flag.start, refusal.flag.end),
        message: `redirect status ${quoted(refusal.flag.value)} is not an HTTP status Apache knows: use 301, 302, 303, 307 or 308`,
        apacheMessage,
      };
  }
}

/** An empty flag, a stray bracket, a did-you-mean, or the flags there are. */
function unknownFlagFinding(
  name: RewriteDirective,
  refusal: Extract<RewriteRefusal, { kind: 'unknown-flag' }>,
  span: (start: number, end: number) => Span,
): RuleFinding {
  const { flag, flags, apacheMessage } = refusal;
  const written = quoted(flags.value);
  if (flag.name === '' || flag.name.startsWith(',')) {
    const field = span(flags.writtenStart, flags.writtenEnd);
    if (/^\[\s*\]$/.test(flags.value)) return { span: field, message: `empty flags ${written} are refused: drop them`, apacheMessage };
    if (flag.name === '' && flag.end > flag.start)
      return { span: field, message: `a flag in ${written} has no name before "=": write one, e.g. E=name:value`, apacheMessage };
    return { span: field, message: `an empty flag in ${written}: drop the extra comma`, apacheMessage };
  }
  const at = span(flag.start, flag.nameEnd);
  // `[P]]` and `[[P]`: the lexer keeps the stray bracket in the flag's name.
  const bracket = flag.name.endsWith(']') ? ']' : flag.name.startsWith('[') ? '[' : undefined;
  const bare = bracket === ']' ? flag.name.slice(0, -1) : flag.name.slice(1);
  if (bracket !== undefined && isRewriteFlag(name, bare)) {
    const stray = bracket === ']' ? span(flag.nameEnd - 1, flag.nameEnd) : span(flag.start, flag.start + 1);
    // Only a bracket written as such: one from a `${VAR}` cannot be removed alone.
    const remove =
      stray.end - stray.start === 1 ? [{ title: `Remove the extra "${bracket}"`, safe: true, edits: [{ span: stray, newText: '' }] }] : [];
    return { span: at, message: `flag ${quoted(flag.name)} has an extra "${bracket}": write ${bare}`, apacheMessage, fixes: remove };
  }
  if (name === 'RewriteCond')
    return { span: at, message: `RewriteCond has no flag ${quoted(flag.name)}: it takes NC, OR and NV`, apacheMessage };
  const meant = suggestFrom(flag.name, REWRITE_RULE_FLAGS);
  const advice = meant === undefined ? 'see its flags, e.g. L, R=301, P, QSA, NC' : `did you mean ${meant}?`;
  return { span: at, message: `RewriteRule has no flag ${quoted(flag.name)}: ${advice}`, apacheMessage };
}

/** A line parseargline reads as one word: an opening quote never closed, or a word missing. */
function argumentLineAdvice(name: RewriteDirective, text: string): string {
  const opened = text.trimStart();
  if (/^["']/.test(opened))
    return `the quote before ${quoted(opened.slice(1), 40)} is never closed: close it after the ${name === 'RewriteRule' ? 'pattern' : 'test string'}`;
  return name === 'RewriteRule'
    ? 'RewriteRule needs a pattern and a substitution, e.g. RewriteRule "^/old$" "/new" [R=301,L]'
    : 'RewriteCond needs a test string and a condition, e.g. RewriteCond %{HTTP_HOST} "^www\\." [NC]';
}

/** A word as written without the quotes around it. */
function unquoted(word: string): string {
  return /^(["']).*\1$/s.test(word) ? word.slice(1, -1) : word;
}

function check(directive: Directive): RuleFinding | undefined {
  const lower = directive.name.toLowerCase();
  const [first] = directive.args;
  const flag = FLAGS.get(lower);
  if (flag === undefined) {
    const refused = valueRefusal(directive);
    return refused && { span: refused.word?.span ?? directive.span, message: refused.message, apacheMessage: refused.apacheMessage };
  }
  const value = first?.value.toLowerCase();
  if (value === 'on' || value === 'off') return undefined;
  return {
    span: first?.span ?? directive.nameSpan,
    message: `${flag} takes On or Off${first ? `, not ${quoted(first.value)}` : ''}`,
    apacheMessage: `${flag} must be On or Off`,
  };
}

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: 'BalancerPersist yes\nBalancerGrowth 2000\n<If "%{REQUEST_URI} =~ /^/api//">\n</If>\nRewriteRule "^/old$" "/new" [R=301,L',
  good: 'BalancerPersist On\nBalancerGrowth 20\n<If "%{REQUEST_URI} =~ m#^/api/#">\n</If>\nRewriteRule "^/old$" "/new" [R=301,L]',
};
