import { asciiLower } from '../ascii';
import { stepsNamed } from '../syntax/named';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'set-cookie-replaced',
  severity: 'warning',
  docs: {
    summary: '`Header set Set-Cookie`: it replaces the cookies the application (a member, or a local one) sets',
    why: "A response may carry several `Set-Cookie` headers, one cookie each. `Header set` replaces them all with its own, so the application's session cookie never reaches the browser on the response that sets it (a login, when the route cookie is set with `env=BALANCER_ROUTE_CHANGED`). `Header add` adds a header of its own beside the member's.",
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    const text = analysis.tree.text;
    for (const step of stepsNamed(analysis.tree.nodes, ['header'])) {
      if (step.kind !== 'directive') continue;
      const args = step.directive.args;
      const offset = ['always', 'onsuccess'].includes(asciiLower(args[0]?.value ?? '')) ? 1 : 0;
      const action = args[offset];
      const header = args[offset + 1];
      if (!action || !header || asciiLower(header.value) !== 'set-cookie') continue;
      if (asciiLower(action.value) !== 'set') continue;
      // The action word is a bare word (`set`), so its span is its text.
      const written = text.slice(action.span.start, action.span.end) === action.value;
      findings.push({
        span: action.span,
        message: "this replaces every Set-Cookie of the response, the application's session cookie too: use Header add",
        fixes: written ? [{ title: 'Use Header add', safe: true, edits: [{ span: action.span, newText: 'add' }] }] : [],
      });
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: 'Header set Set-Cookie "ROUTEID=.%{BALANCER_WORKER_ROUTE}e; path=/" env=BALANCER_ROUTE_CHANGED',
  good: 'Header add Set-Cookie "ROUTEID=.%{BALANCER_WORKER_ROUTE}e; path=/" env=BALANCER_ROUTE_CHANGED',
};
