import { quoted } from '../bounded';
import { covers } from '../requests/proxy-rules';
import { enclosing, stepsNamed } from '../syntax/named';
import type { Section } from '../syntax/tree';
import { grantsAll, guardsAccess } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'location-guard-overridden',
  severity: 'warning',
  docs: {
    summary:
      'a `<Location>` that opens a path (`Require all granted`) above a `<Location>` for a shorter path that guards it: the later one wins',
    why: 'Apache merges the `<Location>` sections that match a request in the order they are written, and a later section\'s `Require` lines replace an earlier one\'s: `<Location "/health"> Require all granted` written before `<Location "/"> Require valid-user` asks the monitor for a login. Write the exception after the general guard.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    const nodes = analysis.tree.nodes;
    const locations: { section: Section; path: string; vhost: Section | undefined }[] = [];
    for (const step of stepsNamed(nodes, ['<location'])) {
      const path = step.kind === 'enter' ? step.section.args[0]?.value : undefined;
      if (step.kind !== 'enter' || step.section.args.length !== 1 || !path?.startsWith('/') || path.includes('${')) continue;
      locations.push({ section: step.section, path, vhost: enclosing(nodes, step.section, 'virtualhost') });
    }
    // Guards by path and then by virtual host, so each opening looks up its own prefixes instead of every section.
    const guards = new Map<string, Guards>();
    locations.forEach((each, at) => {
      if (!guardsAccess(each.section)) return;
      let found = guards.get(each.path);
      if (!found) guards.set(each.path, (found = { byVhost: new Map(), firstInVhost: undefined }));
      const list = found.byVhost.get(each.vhost);
      if (list) list.push(at);
      else found.byVhost.set(each.vhost, [at]);
      if (each.vhost) found.firstInVhost ??= at;
    });
    if (guards.size === 0) return findings;
    for (const [index, opening] of locations.entries()) {
      if (!grantsAll(opening.section)) continue;
      // The main server's sections merge before a virtual host's, each scope in file order: the first
      // guard that merges later is a later one of the opening's scope or, for the main server's, any
      // virtual host's, and the shortest prefix is looked at first.
      let later: (typeof locations)[number] | undefined;
      for (const prefix of prefixes(opening.path)) {
        const found = guards.get(prefix);
        if (!found || !covers(prefix, opening.path)) continue;
        const sameScope = firstAfter(found.byVhost.get(opening.vhost) ?? [], index);
        const candidates = [sameScope, opening.vhost ? undefined : found.firstInVhost].filter((at) => at !== undefined);
        if (candidates.length === 0) continue;
        later = locations[Math.min(...candidates)];
        break;
      }
      if (!later) continue;
      findings.push({
        span: opening.section.open.span,
        message: `<Location ${quoted(later.path)}> merges after this one and replaces its Require for ${quoted(opening.path)}: move this after it`,
        related: [{ span: later.section.open.span, message: 'the later section whose guard wins' }],
      });
    }
    return findings;
  },
};

/** The guarding sections of one path: their positions by virtual host (undefined: the main server), and the first in any virtual host. */
interface Guards {
  readonly byVhost: Map<Section | undefined, number[]>;
  firstInVhost: number | undefined;
}

/** The first of `sorted` (ascending) greater than `index`. */
function firstAfter(sorted: readonly number[], index: number): number | undefined {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]! > index) high = middle;
    else low = middle + 1;
  }
  return sorted[low];
}

/** The paths a `<Location>` covering `path` can have: each start of it ending before or after a slash, and itself. */
function prefixes(path: string): string[] {
  const found = new Set<string>([path]);
  for (let at = path.indexOf('/'); at >= 0; at = path.indexOf('/', at + 1)) {
    found.add(path.slice(0, at + 1));
    if (at > 0) found.add(path.slice(0, at));
  }
  return [...found];
}

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Location "/health">\n    Require all granted\n</Location>\n<Location "/">\n    AuthType Basic\n    AuthName "team"\n    AuthUserFile "/etc/apache2/htpasswd"\n    Require valid-user\n</Location>',
  good: '<Location "/">\n    AuthType Basic\n    AuthName "team"\n    AuthUserFile "/etc/apache2/htpasswd"\n    Require valid-user\n</Location>\n<Location "/health">\n    Require all granted\n</Location>',
};
