/**
 * The lines that send requests to a balancer (ProxyPass, `RewriteRule … [P]`) and the ProxyPassReverse
 * lines that map the members' redirects back, as the rules about the way back read them.
 */
import { asciiLower } from '../ascii';
import { balancerName } from '../model/urls';
import { enclosing, foldedName, stepsNamed } from '../syntax/named';
import { rewriteArguments } from '../syntax/rewrite-words';
import type { Directive, Node, Section } from '../syntax/tree';
import type { Word } from '../syntax/words';
import { flagsOf } from './rewrite';

/** A line that proxies requests to a balancer: a ProxyPass or a `RewriteRule … [P]`. */
export interface BalancerPass {
  readonly directive: Directive;
  /** The URL (or substitution) word naming the balancer. */
  readonly url: Word;
  /** Normalised balancer name, `balancer://name`. */
  readonly name: string;
  /** What follows the name in the URL, as written (`/app/`, `/$1`, or nothing). */
  readonly rest: string;
  /** The path a ProxyPass maps (its own, or its `<Location>`'s); undefined for a RewriteRule or a regular expression. */
  readonly path: string | undefined;
  readonly vhost: Section | undefined;
  /** What a mirroring ProxyPassReverse is made of, when one can be written (a plain ProxyPass). */
  readonly reverse: Mirror | undefined;
}

/** The parts of the ProxyPassReverse that mirrors a ProxyPass, as written (quotes kept). */
export interface Mirror {
  /** The path mapped: the ProxyPass's own, or its `<Location>`'s. */
  readonly path: string;
  readonly url: string;
  /** The `<Location>` the ProxyPass stands in, if any. */
  readonly location: Section | undefined;
}

/** Sections that give a directive a path (cmd->path): ProxyPassReverse then takes only URL [interpolate]. */
export const PATH_SECTIONS = new Set(['location', 'locationmatch', 'proxy', 'proxymatch']);

/** Every ProxyPassReverse line with the path section that holds it, if any, in walk order. */
export function reverseLines(nodes: readonly Node[]): { directive: Directive; inPath: Section | undefined }[] {
  const lines: { directive: Directive; inPath: Section | undefined }[] = [];
  for (const step of stepsNamed(nodes, ['proxypassreverse'])) {
    if (step.kind !== 'directive') continue;
    lines.push({ directive: step.directive, inPath: enclosing(nodes, step.parent, PATH_SECTIONS) });
  }
  return lines;
}

/** A ProxyPassReverse line's words (a misplaced path among them is another rule's finding) and its virtual host. */
export interface ReverseLine {
  readonly urls: readonly string[];
  readonly vhost: Section | undefined;
}

/** The balancer lines and ProxyPassReverse lines of a tree (see proxyLines). */
export interface ProxyLines {
  readonly passes: readonly BalancerPass[];
  readonly reverses: readonly ReverseLine[];
}

/** The sections that give a ProxyPass its path and its ProxyPassReverse. */
const LOCATIONS = new Set(['location', 'locationmatch']);

const PROXY_LINES = new WeakMap<readonly Node[], ProxyLines>();

/**
 * Every ProxyPass and `RewriteRule … [P]` whose target is a balancer, and every ProxyPassReverse, with their virtual
 * hosts; found once per (frozen) tree for missing-proxypassreverse and member-trailing-slash.
 */
export function proxyLines(nodes: readonly Node[], text: string): ProxyLines {
  const cached = PROXY_LINES.get(nodes);
  if (cached) return cached;
  const passes: BalancerPass[] = [];
  const reverses: ReverseLine[] = [];
  for (const step of stepsNamed(nodes, ['proxypassreverse', 'proxypass', 'rewriterule'])) {
    if (step.kind !== 'directive') continue;
    const directive = step.directive;
    const name = asciiLower(directive.name);
    const vhost = enclosing(nodes, step.parent, 'virtualhost');
    const location = enclosing(nodes, step.parent, LOCATIONS);
    let url: Word | undefined;
    let reverse: Mirror | undefined;
    let path: string | undefined;
    if (name === 'proxypassreverse') reverses.push({ urls: directive.args.map((word) => word.value), vhost });
    else if (name === 'proxypass') {
      const [first, second] = directive.args;
      if (first?.value === '~') url = location ? first : directive.args[2];
      else if (location) {
        url = first;
        const isPlain = foldedName(nodes, location) === 'location' && location.args[0]?.value !== '~';
        const locationPath = location.args[0];
        if (first && isPlain && locationPath) {
          reverse = { path: raw(text, locationPath), url: raw(text, first), location };
          path = locationPath.value;
        }
      } else {
        url = second;
        if (first && second) {
          reverse = { path: raw(text, first), url: raw(text, second), location: undefined };
          path = first.value;
        }
      }
    } else if (name === 'rewriterule') {
      const words = rewriteArguments(directive);
      const flags = flagsOf(words?.flags?.value);
      if (flags.has('p') || flags.has('proxy')) url = words?.second;
    }
    if (!url || !/^balancer:\/\//i.test(url.value) || url.value.includes('${') || url.value.includes('%{')) continue;
    const named = balancerName(url.value.split(/[$?]/)[0]!);
    if (!('name' in named)) continue;
    const rest = url.value.slice(named.name.length);
    passes.push({ directive, url, name: named.name, rest, path, vhost, reverse });
  }
  const lines = { passes, reverses };
  PROXY_LINES.set(nodes, lines);
  return lines;
}

function raw(text: string, word: Word): string {
  return text.slice(word.span.start, word.span.end);
}
