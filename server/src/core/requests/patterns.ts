/**
 * The configuration's regular expressions in the request model (`<LocationMatch>`, ProxyPassMatch,
 * RewriteRule, RewriteCond), run on the bounded matcher of core/regex.ts: a hostile pattern costs a
 * hover or a trace a few million steps at most, never minutes of backtracking.
 */
import { execRegex, type RegexMatch } from '../regex';
import type { Span } from '../span';
import type { TraceStep } from './request';

/**
 * The match of `pattern` in `text`, or null. A pattern Apache refuses matches nothing; one the
 * matcher does not evaluate (back-references, lookarounds, …) is assumed not to match, and the
 * step says so.
 */
export function matchPattern(pattern: string, text: string, nocase: boolean, steps: TraceStep[], at: Span | undefined): RegexMatch | null {
  const found = execRegex(pattern, text, { nocase });
  if (found === 'invalid') return null;
  if (found === 'too-costly') {
    steps.push({
      what: `assumes ${pattern} does not match ${text}: the pattern is not evaluated (too costly without backtracking)`,
      span: at,
    });
    return null;
  }
  return found;
}
