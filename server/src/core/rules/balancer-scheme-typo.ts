import { quoted } from '../bounded';
import { asciiLower, asciiStartsWith } from '../ascii';
import { editDistance } from '../suggest';
import type { Model } from '../model/model';
import { balancerName } from '../model/urls';
import { stepsNamed } from '../syntax/named';
import { handlerWords } from '../syntax/rewrite-words';
import { isSpace } from '../syntax/words';
import { slotName } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

/** Directives whose arguments may name a balancer (lower case; sections with their `<`). */
const NAMING = new Set([
  'proxypass',
  'proxypassmatch',
  'proxypassreverse',
  'balancermember',
  'proxyset',
  '<proxy',
  '<proxymatch',
  'rewriterule',
  'sethandler',
]);
/**
 * Where Apache checks a `balancer:` prefix itself and refuses `balancer:/x` (invalid-balancer-name
 * reports those); elsewhere the bad word is taken silently.
 */
const CHECKED = new Set(['proxypass', 'proxypassmatch', 'balancermember', 'proxyset', '<proxy', '<proxymatch']);
/** A scheme at the start of a word, or after `proxy:` (SetHandler), `|` (unix sockets) or a quote. */
/** A scheme and its slashes, tried where one can start: */
const SCHEME = /([a-z][a-z0-9+.-]*):(\/*)/iy;
/** at the word's start, and after `proxy:`, `|` or a quote. */
const SCHEME_START = /proxy:|[|"']/gi;

export const rule: Rule = {
  id: 'balancer-scheme-typo',
  severity: 'warning',
  ignoresValues: true,
  docs: {
    summary: 'a misspelled `balancer://` (`balnacer://`, `balancers://`, `balancer:/`) where a balancer is meant',
    why: 'Only a word starting with exactly "balancer://" names a balancer: anything else is taken as a plain worker URL or an unknown balancer, and requests fail at run time (500 "No protocol handler was valid for the URL" for ProxyPass, 404 for RewriteRule and SetHandler) although `apache2 -t` says Syntax OK.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    const text = analysis.tree.text;
    // Built for the first fix, then shared: one pass over the balancers, not one per finding.
    let slots: BalancersBySlot | undefined;
    const colonFrom = colonFinder(text);
    for (const step of stepsNamed(analysis.tree.nodes, NAMING)) {
      const directive = step.kind === 'directive' ? step.directive : step.section.open;
      // A word's scheme lies in its line: most lines hold none, and their words are not made.
      const line = directive.span;
      if (!hasLongScheme(text, line.start, line.end, colonFrom)) continue;
      // Named only for a word that may hold a typo: most lines have none.
      let name: string | undefined;
      for (const word of handlerWords(directive)) {
        if (!hasLongScheme(text, word.start, word.end, colonFrom)) continue;
        name ??= asciiLower(directive.name);
        if (word.value.includes('=') && name !== 'rewriterule' && name !== 'sethandler') continue;
        const raw = text.slice(word.start, word.end);
        for (const match of schemesIn(raw)) {
          const [, scheme, slashes] = match as unknown as [string, string, string];
          const lower = scheme.toLowerCase();
          const isTypo = lower === 'balancer' ? slashes.length !== 2 && !CHECKED.has(name) : editDistance(lower, 'balancer', 2) <= 2;
          if (!isTypo) continue;
          const start = word.start + match.index!;
          const end = start + scheme.length + 1 + slashes.length;
          const written = raw.slice(match.index!).split(/["'\s|]/)[0]!;
          const fixed = `balancer://${written.slice(scheme.length + 1 + slashes.length)}`;
          findings.push({
            span: { start, end },
            message: `${quoted(text.slice(start, end))} is not "balancer://", so ${consequence(name)}: write ${quoted(fixed)}`,
            fixes: [
              {
                title: `Change to ${fixed}`,
                safe: !collides((slots ??= balancersBySlot(analysis.model)), fixed),
                edits: [{ span: { start, end }, newText: 'balancer://' }],
              },
            ],
          });
        }
      }
    }
    return findings;
  },
};

/** The names of a model's balancers by their shared-memory slot. */
type BalancersBySlot = ReadonlyMap<string, ReadonlySet<string>>;

function balancersBySlot(model: Model): BalancersBySlot {
  const slots = new Map<string, Set<string>>();
  for (const balancer of model.balancers) {
    const slot = slotName(balancer.name);
    const names = slots.get(slot);
    if (names) names.add(balancer.name);
    else slots.set(slot, new Set([balancer.name]));
  }
  return slots;
}

/**
 * Whether the corrected URL names a new balancer whose shared-memory slot another balancer takes
 * (`balancer://shop-a` beside `balancer://shop.a`): Apache may then fail to start (AH01186, see
 * balancer-name-collision), so the fix is not safe to apply unattended.
 */
function collides(slots: BalancersBySlot, fixed: string): boolean {
  const named = balancerName(fixed);
  if (!('name' in named)) return false;
  const names = slots.get(slotName(named.name));
  return names !== undefined && names.size > (names.has(named.name) ? 1 : 0);
}

/**
 * Whether `text` between `start` and `end` holds a scheme long enough to be "balancer" or two
 * edits from it: six characters or more, a letter first, then a colon (`/[a-z][a-z0-9+.-]{5,}:/i`),
 * where a scheme can start (`startsScheme`), other than a well-written `balancer://` (any case, two
 * slashes exactly), which is never a typo. Asked of a whole line first, then of its words.
 * Most words (`http://…`, `/path/`, `key=value`, `balancer://app/`) have none and are skipped by
 * this check, without the slice and the regular expressions below (one call of which costs more
 * than the check). Only the characters around each colon of the word are read, and `colonFrom`
 * finds the colons.
 */
function hasLongScheme(text: string, start: number, end: number, colonFrom: (at: number) => number): boolean {
  for (let colon = colonFrom(start); colon >= 0 && colon < end; colon = colonFrom(colon + 1)) {
    // The first letter of the run of scheme characters before the colon (-1: none).
    let letter = -1;
    for (let i = colon - 1; i >= start; i--) {
      const code = text.charCodeAt(i);
      const lower = code | 32;
      if (lower >= 97 && lower <= 122) letter = i;
      else if (!((code >= 48 && code <= 57) || code === 43 || code === 45 || code === 46)) break;
    }
    if (letter >= 0 && colon - letter >= 6 && startsScheme(text, letter, start) && !isBalancerScheme(text, letter, colon, end)) return true;
  }
  return false;
}

/**
 * Whether a scheme can start at `letter`: at the word's start (`start`), or after what `schemesIn`
 * starts from (`proxy:`, `|`, a quote) or the blank before a word. A host before its port
 * (`http://members.example.com:8080`) follows a slash, and is no scheme.
 */
function startsScheme(text: string, letter: number, start: number): boolean {
  if (letter === start) return true;
  const before = text.charCodeAt(letter - 1);
  return before === 58 || before === 124 || before === 34 || before === 39 || isSpace(before);
}

/** Whether the scheme from `letter` to `colon` is `balancer` followed by exactly two slashes (before `end`). */
function isBalancerScheme(text: string, letter: number, colon: number, end: number): boolean {
  return (
    colon - letter === 8 &&
    asciiStartsWith(text, letter, 'balancer') &&
    text.startsWith('//', colon + 1) &&
    colon + 2 < end &&
    (colon + 3 === end || text.charCodeAt(colon + 3) !== 47)
  );
}

/**
 * The first colon of `text` at or after a position. Words are asked about in text order (but for
 * included files and macros), so one search serves every word up to the colon it found: the words
 * of a line without one cost no search, and the whole walk reads the text about once.
 */
function colonFinder(text: string): (at: number) => number {
  let searchedFrom = Number.POSITIVE_INFINITY;
  let found = -1;
  return (at) => {
    if (at < searchedFrom || (found >= 0 && found < at)) found = text.indexOf(':', (searchedFrom = at));
    return found;
  };
}

/** The schemes of a word, left to right without overlap, tried only where a scheme can start. */
function schemesIn(raw: string): RegExpExecArray[] {
  const found: RegExpExecArray[] = [];
  const starts = [0];
  SCHEME_START.lastIndex = 0;
  for (let after = SCHEME_START.exec(raw); after; after = SCHEME_START.exec(raw)) starts.push(after.index + after[0].length);
  let free = 0;
  for (const start of starts) {
    if (start < free) continue;
    SCHEME.lastIndex = start;
    const match = SCHEME.exec(raw);
    if (!match) continue;
    found.push(match);
    free = start + match[0].length;
  }
  return found;
}

/** What Apache does with a word that does not name a balancer, by directive (verified with a live 2.4.71). */
function consequence(name: string): string {
  switch (name) {
    case 'proxypassreverse':
      return 'Location headers are not rewritten';
    case 'balancermember':
    case '<proxy':
    case '<proxymatch':
      return 'no ProxyPass can route to these members';
    case 'proxyset':
      return 'Apache refuses the line';
    case 'rewriterule':
      return 'requests are proxied back to this server (404)';
    case 'sethandler':
      return 'Apache serves a local file instead (404)';
    default:
      return 'requests get 500 although apache2 -t passes';
  }
}

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nProxyPass "/shop/" "balnacer://shop/"',
  good: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nProxyPass "/shop/" "balancer://shop/"',
};
