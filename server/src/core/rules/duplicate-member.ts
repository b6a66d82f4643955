import { quoted } from '../bounded';
import type { Member } from '../model/model';
import { lineEnd, lineStart } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

/**
 * Apache names a member with its scheme's default port dropped (`http://h:80` is `http://h`), but
 * looks an earlier member up with the new URL's port as written (ap_proxy_get_worker_ex), so a
 * line that spells the default port differently from, or later than, an earlier one is not shared
 * with it: Apache keeps both, and the host is picked twice as often.
 */
export const rule: Rule = {
  id: 'duplicate-member',
  severity: 'warning',
  ignoresValues: true,
  docs: {
    summary:
      'the same member twice, once written with its default port (`http://h:80` and `http://h`): Apache keeps both and the host gets a double share',
    why: "Apache drops the scheme's default port from a member's name but compares a new line's URL as written, so `http://h` then `http://h:80` (or `https://h:443` twice) are two members of one name: at start-up the second is given the first one's slot of shared memory, so it runs with the first line's loadfactor, lbset and status, and the host gets twice its share (verified on Apache 2.4).",
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    const text = analysis.tree.text;
    for (const balancer of analysis.model.balancers) {
      // Names by authority, so a balancer with many members stays linear: a duplicate's earlier name prefixes its own.
      // Most members are the only one at their authority, which then holds just that member.
      const atAuthority = new Map<string, Member | Authority>();
      for (const member of balancer.members) {
        const name = member.name;
        const authority = authorityOf(name);
        const found = atAuthority.get(authority);
        if (!found) {
          atAuthority.set(authority, member);
          continue;
        }
        let names: Authority;
        if ('name' in found) atAuthority.set(authority, (names = { byName: new Map([[found.name, found]]), lengths: [found.name.length] }));
        else names = found;
        let earlier: Member | undefined;
        for (const length of names.lengths) {
          const candidate = length <= name.length ? names.byName.get(name.slice(0, length)) : undefined;
          if (candidate && (!earlier || candidate.name.length > earlier.name.length)) earlier = candidate;
        }
        if (!names.byName.has(name)) names.byName.set(name, member);
        if (!names.lengths.includes(name.length)) names.lengths.push(name.length);
        if (!earlier) continue;
        const directive = member.declaration.directive.span;
        const start = lineStart(text, directive.start);
        findings.push({
          span: member.declaration.url,
          message: duplicateMessage(member.url, earlier.url),
          related: [{ span: earlier.declaration.url, message: `the member "${member.url}" repeats` }],
          fixes: [
            {
              title: `Remove the member "${member.url}"`,
              safe: false,
              edits: [{ span: { start, end: lineEnd(text, directive.end) }, newText: '' }],
            },
          ],
        });
      }
    }
    return findings;
  },
};

/** The members at one authority: the first of each name, and the lengths of their names (each once). */
interface Authority {
  readonly byName: Map<string, Member>;
  readonly lengths: number[];
}

/** `scheme://authority` of a normalised worker name. */
function authorityOf(name: string): string {
  const slash = name.indexOf('/', name.indexOf(':') + 3);
  return slash < 0 ? name : name.slice(0, slash);
}

/** The message, naming the earlier member when the sentence stays short (long URLs: the related place names it). */
function duplicateMessage(url: string, earlier: string): string {
  const named = `${quoted(url)} repeats the member ${quoted(earlier)} with its default port, so it gets a double share: remove it`;
  return named.length <= 120
    ? named
    : `${quoted(url)} repeats an earlier member with its default port, so it gets a double share: remove it`;
}

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1"\n    BalancerMember "http://10.0.0.1:80"\n    BalancerMember "http://10.0.0.2"\n</Proxy>',
  good: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1"\n    BalancerMember "http://10.0.0.2"\n</Proxy>',
};
