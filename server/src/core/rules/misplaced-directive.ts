import type { Analysis } from '../analysis';
import { contextOf, DirectiveContext, mayBeRefused, refusal } from '../directives/directive-context';
import { findDirective } from '../directives/directives';
import type { Section } from '../syntax/tree';
import { knownModules } from '../syntax/conditions';
import { namesIn, stepsNamed } from '../syntax/named';
import { walk } from '../syntax/walk';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'misplaced-directive',
  severity: 'error',
  ignoresValues: true,
  docs: {
    summary:
      'a directive in a context Apache refuses it in: `BalancerGrowth` inside `<Proxy>`, `<Proxy>` inside `<Location>`, `ProxyPass` inside `<Directory>`, `<VirtualHost>` inside `<VirtualHost>`, …',
    why: 'Each directive may stand only in some contexts (server, virtual host, and kinds of section); Apache refuses the whole configuration otherwise. The table behind this rule comes from running Apache 2.4.71 itself on every directive in every context.',
  },
  check({ analysis }) {
    if (isHtaccess(analysis)) return htaccessRefusals(analysis);
    const findings: RuleFinding[] = [];
    // A fragment's top level may be the inside of a section in the file that includes it.
    const isComplete = knownModules(analysis.tree) !== undefined;
    const nodes = analysis.tree.nodes;
    let parent: Section | undefined;
    let context: DirectiveContext | undefined | null = null;
    const judged = new Map<DirectiveContext, Map<string, string | undefined>>();
    // Only the lines whose name Apache refuses somewhere (`toLowerCase` folds further than the index's names, as `refusal` does).
    for (const step of stepsNamed(
      nodes,
      [...namesIn(nodes)].filter((name) => mayBeRefused(name)),
    )) {
      const directive = step.kind === 'directive' ? step.directive : step.section.open;
      // Lines in a row mostly share their section (a <Proxy>'s members): its context is found once for them.
      if (step.parent !== parent || context === null) context = contextOf((parent = step.parent));
      if (!context || (context === 's' && !isComplete)) continue;
      // Most lines are allowed where they are: that is judged once per name and context, and only a refusal names its section.
      let byName = judged.get(context);
      if (!byName) judged.set(context, (byName = new Map()));
      if (!byName.has(directive.name)) byName.set(directive.name, refusal(directive.name, context, undefined));
      const message = byName.get(directive.name) && refusal(directive.name, context, step.parent);
      if (!message) continue;
      const where = step.parent ? `inside <${step.parent.name}>` : 'at the top level';
      findings.push({
        span: directive.nameSpan,
        message: `${directive.name.startsWith('<') ? `${directive.name}>` : directive.name} cannot stand ${where}: move it where Apache allows it`,
        apacheMessage: message,
      });
    }
    return findings;
  },
};

/** A `.htaccess` file, read per request in a directory's context: only directives the manual allows there. */
function isHtaccess(analysis: Analysis): boolean {
  return /(^|[\\/])\.htaccess$/.test(analysis.tree.files[0]?.path ?? '');
}

/**
 * Apache reads a `.htaccess` file while serving a request and refuses it, with 500, at the first
 * directive not allowed there ("ProxyPass not allowed here"); `apache2 -t` never reads it. A refused
 * section's contents are not reported again.
 */
function htaccessRefusals(analysis: Analysis): RuleFinding[] {
  const findings: RuleFinding[] = [];
  const refused = new Set<Section>();
  for (const step of walk(analysis.tree.nodes)) {
    if (step.kind === 'leave') continue;
    if (step.parent && refused.has(step.parent)) {
      if (step.kind === 'enter') refused.add(step.section);
      continue;
    }
    const directive = step.kind === 'directive' ? step.directive : step.section.open;
    const info = findDirective(directive.name);
    if (!info || info.contexts.includes('h')) continue;
    if (step.kind === 'enter') refused.add(step.section);
    findings.push({
      span: directive.nameSpan,
      message: `${info.name}${info.name.startsWith('<') ? '>' : ''} is not allowed in .htaccess, so every request here gets 500: move it to the server configuration`,
      apacheMessage: `${directive.name} not allowed here`,
    });
  }
  return findings;
}

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n    BalancerGrowth 10\n</Proxy>',
  good: 'BalancerGrowth 10\n<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>',
};
