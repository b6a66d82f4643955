import { quoted } from '../bounded';
import { findDirective } from '../directives/directives';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'comment-continuation',
  severity: 'warning',
  readsComments: true,
  docs: {
    summary: 'a comment line ending in `\\`: Apache joins the next line to the comment, so that directive never applies',
    why: 'Apache joins a line ending in a backslash with the next one before it looks for comments, so a directive after "# note \\" becomes part of the comment and is silently ignored.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    const text = analysis.tree.text;
    for (const comment of analysis.tree.comments) {
      // Each newline inside a comment's span was escaped by the backslash(es) just before it.
      for (
        let newline = text.indexOf('\n', comment.start);
        newline >= 0 && newline < comment.end;
        newline = text.indexOf('\n', newline + 1)
      ) {
        let end = newline;
        if (text[end - 1] === '\r') end--;
        let start = end;
        while (start > comment.start && text[start - 1] === '\\') start--;
        const next = newline + 1;
        const nextEnd = Math.min(text.indexOf('\n', next) < 0 ? text.length : text.indexOf('\n', next), comment.end);
        const swallowed = text.slice(next, nextEnd).trim();
        const name = firstWord(swallowed);
        if (!name || !isDirectiveName(name)) continue;
        const swallowedStart = next + text.slice(next, nextEnd).indexOf(swallowed);
        findings.push({
          span: { start, end },
          message: `this comment ends in a backslash, so it swallows ${quoted(swallowed)}: remove the backslash`,
          related: [{ span: { start: swallowedStart, end: swallowedStart + swallowed.length }, message: `swallowed by the comment above` }],
          // Safe: the swallowed line becomes a comment of its own, so Apache reads exactly what it read
          // before. Removing the backslash alone would put that line into effect: only a suggestion.
          fixes: [
            {
              title: 'Comment out the swallowed line',
              safe: true,
              edits: [
                { span: { start, end }, newText: '' },
                { span: { start: commentAt(text, next), end: commentAt(text, next) }, newText: '# ' },
              ],
            },
            { title: 'Remove the backslash (the next line then applies)', safe: false, edits: [{ span: { start, end }, newText: '' }] },
          ],
        });
      }
    }
    return findings;
  },
};

/** Where `#` starts a comment on the line at `start`: after Apache's leading white space (not JavaScript's, which includes a byte order mark). */
function commentAt(text: string, start: number): number {
  let at = start;
  while (at < text.length && ' \t\v\f'.includes(text[at]!)) at++;
  return at;
}

function firstWord(line: string): string | undefined {
  return /^\S+/.exec(line)?.[0];
}

/** A directive or section (opening or closing) that the manual documents. */
function isDirectiveName(word: string): boolean {
  const name = word.replace(/^<\//, '<').replace(/>$/, '');
  return findDirective(name) !== undefined;
}

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://shop">\n    # the slow one \\\n    BalancerMember "http://10.0.0.2:8080" status=+D\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>',
  good: '<Proxy "balancer://shop">\n    # the slow one\n    BalancerMember "http://10.0.0.2:8080" status=+D\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>',
};
