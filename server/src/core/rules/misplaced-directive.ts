import { contextOf, refusal } from '../directives/directive-context';
import { knownModules } from '../syntax/conditions';
import { walk } from '../syntax/walk';
import type { Rule } from './types';

export const rule: Rule = {
  id: 'misplaced-directive',
  severity: 'error',
  docs: {
    summary:
      'a directive in a context Apache refuses it in: `BalancerGrowth` inside `<Proxy>`, `<Proxy>` inside `<Location>`, `ProxyPass` inside `<Directory>`, `<VirtualHost>` inside `<VirtualHost>`, …',
    why: 'Each directive may stand only in some contexts (server, virtual host, and kinds of section); Apache refuses the whole configuration otherwise. The table behind this rule comes from running Apache 2.4.71 itself on every directive in every context.',
    bad: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n    BalancerGrowth 10\n</Proxy>',
    good: 'BalancerGrowth 10\n<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>',
  },
  *check({ analysis }) {
    // A fragment's top level may be the inside of a section in the file that includes it.
    const isComplete = knownModules(analysis.tree) !== undefined;
    for (const step of walk(analysis.tree.nodes)) {
      const directive = step.kind === 'directive' ? step.directive : step.kind === 'enter' ? step.section.open : undefined;
      if (!directive) continue;
      const context = contextOf(step.parent);
      if (!context || (context === 's' && !isComplete)) continue;
      const message = refusal(directive.name, context, step.parent);
      if (!message) continue;
      const where = step.parent ? `inside <${step.parent.name}>` : 'at the top level';
      yield {
        span: directive.nameSpan,
        message: `${directive.name.startsWith('<') ? `${directive.name}>` : directive.name} cannot stand ${where}: move it where Apache allows it`,
        apacheMessage: message,
      };
    }
  },
};
