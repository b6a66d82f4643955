import { asciiLower } from '../ascii';
import { pcreError } from '../pcre';
import type { Directive, Section } from '../syntax/tree';
import { stepsNamed } from '../syntax/named';
import { conditionTest, rewriteArguments } from '../syntax/rewrite-words';
import type { Span } from '../span';
import { isFnmatchPattern } from '../model/urls';
import type { Rule, RuleExamples, RuleFinding } from './types';

/** A regular expression a handler compiles while the configuration is read, and what Apache says when PCRE refuses it. */
interface Compiled {
  /** Where to report it: the pattern, or the directive that compiles its section's path. */
  readonly span: Span;
  /** The pattern as the handler hands it to PCRE (a leading `!` or `proxy:` removed). */
  readonly pattern: string;
  readonly apacheMessage: string;
}

const SECTION_MESSAGE = 'Regex could not be compiled';
const PASS_MESSAGE = 'Regular expression could not be compiled.';
/** Sections whose argument is a regex (core's urlsection, dirsection, filesection; mod_proxy's proxysection). */
const MATCH_SECTIONS = new Set(['locationmatch', 'directorymatch', 'filesmatch', 'proxymatch']);
/** Sections where `~` makes the next argument a regex (`<Proxy ~>` has no such form: docs/apache-semantics.md, proxysection). */
const TILDE_SECTIONS = new Set(['location', 'directory', 'files']);
/** mod_alias's regex forms; RedirectMatch may start with a status. */
const ALIAS_MATCH = new Set(['aliasmatch', 'scriptaliasmatch', 'redirectmatch']);
const REDIRECT_STATUS = /^(permanent|temp|seeother|gone|\d+)$/i;
/** mod_setenvif: the regex is the second word of SetEnvIf, the first of BrowserMatch. */
const SETENVIF: Readonly<Record<string, readonly [name: string, index: number]>> = {
  setenvif: ['SetEnvIf', 1],
  setenvifnocase: ['SetEnvIfNoCase', 1],
  browsermatch: ['BrowserMatch', 0],
  browsermatchnocase: ['BrowserMatchNoCase', 0],
};
/** The lines that may compile a regular expression, by lower-case name (sections with their `<`). */
const COMPILING = [
  ...[...MATCH_SECTIONS, ...TILDE_SECTIONS].map((name) => `<${name}`),
  'proxypass',
  'proxypassmatch',
  'rewriterule',
  'rewritecond',
  ...ALIAS_MATCH,
  ...Object.keys(SETENVIF),
];

export const rule: Rule = {
  id: 'invalid-regex',
  severity: 'error',
  ignoresValues: true,
  docs: {
    summary:
      'a regular expression PCRE cannot compile, in `ProxyPassMatch`, `ProxyPass ~`, `<ProxyMatch>`, `<LocationMatch>`, `RewriteRule`, `RewriteCond` and the other directives Apache compiles while reading',
    why: 'Apache compiles these patterns with PCRE2 while it reads the configuration and refuses to start when one does not compile. PCRE is not JavaScript: `[]`, `\\y`, `a{2}{3}`, `(?<=a+)` and `[:alpha:]` are refused, while `x++`, `\\Q…\\E`, `(?i)` and `[[:alpha:]]` are fine. A wildcard `<Location "*.php">` holding a `ProxyPass` is compiled as a regex too, and `*` at its start has nothing to repeat.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    for (const step of stepsNamed(analysis.tree.nodes, COMPILING)) {
      const compiled = step.kind === 'enter' ? sectionRegex(step.section) : directiveRegex(step.directive, step.parent);
      if (!compiled) continue;
      const error = pcreError(compiled.pattern);
      if (!error) continue;
      findings.push({
        span: compiled.span,
        message: `regular expression "${compiled.pattern}" does not compile in PCRE: ${error.message} (at character ${error.offset + 1})`,
        apacheMessage: compiled.apacheMessage,
      });
    }
    return findings;
  },
};

/** `<LocationMatch re>`, `<Location ~ re>` and the like, `<ProxyMatch [proxy:]re>`. */
function sectionRegex(section: Section): Compiled | undefined {
  const name = asciiLower(section.name);
  const [first, second] = section.args;
  if (MATCH_SECTIONS.has(name) && first) {
    const pattern = name === 'proxymatch' && asciiLower(first.value).startsWith('proxy:') ? first.value.slice(6) : first.value;
    return { span: first.span, pattern, apacheMessage: SECTION_MESSAGE };
  }
  if (TILDE_SECTIONS.has(name) && first?.value === '~' && second)
    return { span: second.span, pattern: second.value, apacheMessage: SECTION_MESSAGE };
  return undefined;
}

function directiveRegex(directive: Directive, parent: Section | undefined): Compiled | undefined {
  const name = asciiLower(directive.name);
  const args = directive.args;
  if (name === 'proxypass' || name === 'proxypassmatch') return passRegex(directive, parent, name === 'proxypassmatch');
  if (name === 'rewriterule' || name === 'rewritecond') {
    // mod_rewrite cuts its words with parseargline: `^/a\ b` is one word, a backslash never escapes a quote.
    const words = rewriteArguments(directive);
    const word = name === 'rewriterule' ? words?.first : words?.second;
    if (!word) return undefined;
    // A RewriteCond pattern may be a comparison, a file test or an expression rather than a regex.
    const test = name === 'rewritecond' ? conditionTest(words!.first.value, word.value) : undefined;
    if (test && test.kind !== 'regex') return undefined;
    const pattern = test?.operand ?? (word.value.startsWith('!') ? word.value.slice(1) : word.value);
    const label = name === 'rewriterule' ? 'RewriteRule' : 'RewriteCond';
    return {
      span: word.span,
      pattern,
      apacheMessage: `${label}: cannot compile regular expression '${pattern}'`,
    };
  }
  if (ALIAS_MATCH.has(name)) {
    const word = name === 'redirectmatch' && args.length > 2 && REDIRECT_STATUS.test(args[0]!.value) ? args[1] : args[0];
    return word && { span: word.span, pattern: word.value, apacheMessage: PASS_MESSAGE };
  }
  const setenvif = SETENVIF[name];
  const word = setenvif && args[setenvif[1]];
  return word && setenvif
    ? { span: word.span, pattern: word.value, apacheMessage: `${setenvif[0]} regex could not be compiled.` }
    : undefined;
}

/** Sections that give their body a path (cmd->path), and so give ProxyPass its path. */
const PATH_SECTIONS = new Set([
  'location',
  'locationmatch',
  'directory',
  'directorymatch',
  'files',
  'filesmatch',
  'proxy',
  'proxymatch',
  'if',
  'elseif',
  'else',
]);

/**
 * add_pass compiles its path when the worker is a match worker: ProxyPassMatch, `ProxyPass ~`, or a `ProxyPass`
 * inside a `<Location>` whose path is a wildcard. Inside a section the path is the section's; a regex section's own
 * pattern is reported at the section.
 */
function passRegex(directive: Directive, parent: Section | undefined, isMatch: boolean): Compiled | undefined {
  const args = directive.args;
  if (parent === undefined || !PATH_SECTIONS.has(asciiLower(parent.name))) {
    const word = isMatch ? args[0] : args[0]?.value === '~' ? args[1] : undefined;
    return word && { span: word.span, pattern: word.value, apacheMessage: PASS_MESSAGE };
  }
  if (asciiLower(parent.name) !== 'location' || parent.args[0]?.value === '~') return undefined;
  const path = parent.args[0]?.value;
  if (path === undefined || !(isMatch || isFnmatchPattern(path))) return undefined;
  return { span: directive.nameSpan, pattern: path, apacheMessage: PASS_MESSAGE };
}

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<LocationMatch "^/(api|app">\n    ProxyPass "balancer://app/"\n</LocationMatch>',
  good: '<LocationMatch "^/(api|app)">\n    ProxyPass "balancer://app/"\n</LocationMatch>',
};
