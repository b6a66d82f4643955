import { asciiLower } from '../ascii';
import { foldedName, stepsNamed } from '../syntax/named';
import type { Rule, RuleExamples, RuleFinding } from './types';

/** Options that act only on files Apache serves from disk, never on a proxied request. */
const FILE_OPTIONS = new Set(['none', 'indexes', 'followsymlinks', 'symlinksifownermatch', 'execcgi', 'multiviews']);

export const rule: Rule = {
  id: 'ineffective-in-proxy',
  severity: 'info',
  docs: {
    summary:
      '`AllowOverride`, or `Options` about files on disk, inside `<Proxy>`: accepted, but a proxied request reads no `.htaccess` and serves no file',
    why: 'These settings are copied from `<Directory>` blocks. Apache accepts them in `<Proxy>` and ignores them there: they neither open nor close anything, while the access rules (`Require`) in the same section do.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    const nodes = analysis.tree.nodes;
    for (const step of stepsNamed(nodes, ['allowoverride', 'options'])) {
      if (step.kind !== 'directive' || !step.parent) continue;
      const section = foldedName(nodes, step.parent);
      if (section !== 'proxy' && section !== 'proxymatch') continue;
      const directive = step.directive;
      const name = asciiLower(directive.name);
      const options = directive.args.map((word) => asciiLower(word.value).replace(/^[+-]/, ''));
      const isFileOptions = name === 'options' && options.length > 0 && options.every((option) => FILE_OPTIONS.has(option));
      if (name !== 'allowoverride' && !isFileOptions) continue;
      const edits = [{ span: lineSpan(analysis.tree.text, directive.span), newText: '' }];
      findings.push({
        span: directive.span,
        message: `"${directive.name}" does nothing in <${step.parent.name}>: a proxied request reads no .htaccess and no file, so remove it`,
        // Removing a line is the user's call, not an unattended edit.
        fixes: [{ title: `Remove ${directive.name}`, safe: false, edits }],
      });
    }
    return findings;
  },
};

/** The directive's whole line, its line break included, when nothing else stands on it. */
function lineSpan(text: string, span: { start: number; end: number }): { start: number; end: number } {
  const start = text.lastIndexOf('\n', span.start - 1) + 1;
  const newline = text.indexOf('\n', span.end);
  const end = newline < 0 ? text.length : newline + 1;
  const isAlone =
    /^[ \t]*$/.test(text.slice(start, span.start)) && /^[ \t]*\r?$/.test(text.slice(span.end, newline < 0 ? text.length : newline));
  return isAlone ? { start, end } : span;
}

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "*">\n    Options FollowSymLinks\n    AllowOverride All\n    Require all granted\n</Proxy>',
  good: '<Proxy "*">\n    Require all granted\n</Proxy>',
};
