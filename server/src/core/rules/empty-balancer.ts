import { quoted } from '../bounded';
import { suggestFrom } from '../suggest';
import type { Analysis } from '../analysis';
import type { Balancer } from '../model/model';
import { knownModules } from '../syntax/conditions';
import { balancerAnchor, listed, runIndex, runIndexKey } from './shared';
import type { Fix, Rule, RuleExamples, RuleFinding } from './types';

/** Name comparisons one file may spend on "did you mean" suggestions: thousands of empty balancers cannot make this quadratic. */
const SUGGESTION_WORK = 20_000;

/** The balancers with members anywhere in the run, each with the files that fill it. */
const FILLED_BALANCERS = runIndexKey(filledBalancers);

export const rule: Rule = {
  id: 'empty-balancer',
  severity: 'warning',
  ignoresValues: true,
  docs: {
    summary: 'a balancer with no members: every request routed to it gets 503',
    why: 'ProxyPass and ProxySet create a balancer even when no BalancerMember adds to it; Apache starts, then answers every request with 503 (AH01171 "No workers in balancer"). Members commented out or misspelled balancer names end here.',
  },
  check({ analysis, run }) {
    const findings: RuleFinding[] = [];
    // Gathered once per run and shared by every file, so the cost stays linear in the files.
    const filled = runIndex(run, FILLED_BALANCERS);
    // A ProxyPass alone may point at members defined in a file we were not given.
    const selfContained = knownModules(analysis.tree) !== undefined || filled.size > 0;
    const known = [...filled.keys()];
    let work = 0;
    // The first balancer of each name with members in this file, found once: a lookup per empty balancer would be quadratic.
    const withMembers = new Map<string, Balancer>();
    for (const balancer of analysis.model.balancers) {
      if (balancer.members.length > 0 && !withMembers.has(balancer.name)) withMembers.set(balancer.name, balancer);
    }
    for (const balancer of analysis.model.balancers) {
      // An inheriting vhost balancer is empty because the main server's is: reported there once.
      if (balancer.members.length > 0 || balancer.inherited || !balancer.name.startsWith('balancer://')) continue;
      // Within this file scopes are already merged (a vhost inherits the main server's members); other files may add members.
      if (filled.get(balancer.name)?.some((other) => other !== analysis)) continue;
      // Members in another server of this file: virtual hosts share only the main server's balancers.
      const elsewhere = withMembers.get(balancer.name);
      if (elsewhere) {
        findings.push({
          span: balancerAnchor(balancer),
          message:
            elsewhere.scope.kind === 'vhost'
              ? `${quoted(balancer.name, 40)} has no members here, only in another virtual host: define it in the main server`
              : `${quoted(balancer.name, 40)} has no members here: BalancerInherit Off keeps out the main server's; remove that line`,
          related: [{ span: balancerAnchor(elsewhere), message: `the ${balancer.name} that has members` }],
        });
        continue;
      }
      if (!balancer.section && !selfContained) continue;
      // Created by a ProxyPass alone, with a name close to a filled balancer's: most likely a typo.
      if (!balancer.section) work += known.length;
      const meant = balancer.section || work > SUGGESTION_WORK ? undefined : suggestFrom(balancer.name, known);
      if (meant) {
        findings.push({
          span: balancerAnchor(balancer),
          message: `${balancer.name} has no members, so every request to it gets 503: did you mean ${meant}?`,
          apacheMessage: `AH01171: ${balancer.name}: No workers in balancer`,
          fixes: [renameFix(analysis, balancer.name, meant)],
        });
        continue;
      }
      findings.push({
        span: balancerAnchor(balancer),
        message: `${balancer.name} has no members, so every request to it gets 503: add members${known.length > 0 ? `, or use ${listed(known, 2)}` : ''}`,
        apacheMessage: `AH01171: ${balancer.name}: No workers in balancer`,
      });
    }
    return findings;
  },
};

/** "Change to balancer://shop": every reference to `name` in this file names `meant` instead. */
function renameFix(analysis: Analysis, name: string, meant: string): Fix {
  const text = analysis.tree.text;
  const edits = analysis.model.references
    .filter((reference) => reference.name === name && !reference.isPartial)
    .flatMap((reference) => {
      const written = text.slice(reference.span.start, reference.span.end);
      const at = written.toLowerCase().indexOf(name);
      if (at < 0) return [];
      const start = reference.span.start + at;
      return [{ span: { start, end: start + name.length }, newText: meant }];
    });
  return { title: `Change to ${meant}`, edits, safe: false };
}

/** The names of the balancers with members anywhere in the run, each with the files that fill it. */
function filledBalancers(run: readonly Analysis[]): Map<string, Analysis[]> {
  const filled = new Map<string, Analysis[]>();
  for (const analysis of run) {
    for (const balancer of analysis.model.balancers) {
      if (balancer.members.length === 0) continue;
      const files = filled.get(balancer.name);
      if (!files) filled.set(balancer.name, [analysis]);
      else if (files.at(-1) !== analysis) files.push(analysis);
    }
  }
  return filled;
}

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://shop">\n    ProxySet lbmethod=byrequests\n</Proxy>\nProxyPass "/shop/" "balancer://shop/"',
  good: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n    ProxySet lbmethod=byrequests\n</Proxy>\nProxyPass "/shop/" "balancer://shop/"',
};
