import { modelProblems } from './shared';
import type { Rule } from './types';

export const rule: Rule = {
  id: 'member-syntax',
  severity: 'error',
  docs: {
    summary:
      '`BalancerMember` arguments Apache refuses: no URL, no balancer outside `<Proxy>`, a second bare word (a trailing `# comment`, a space inside `status=`)',
    why: 'Outside `<Proxy>`, BalancerMember takes the balancer name first and the URL second; inside, only the URL. Any other bare word — including a `#` comment on the same line, since comments must start the line — stops Apache from starting.',
    bad: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080" loadfactor=2 # primary\n</Proxy>',
    good: '<Proxy "balancer://shop">\n    # primary\n    BalancerMember "http://10.0.0.1:8080" loadfactor=2\n</Proxy>',
  },
  *check({ analysis }) {
    const text = analysis.tree.text;
    for (const problem of modelProblems(analysis, 'member-syntax')) {
      const word = text.slice(problem.span.start, problem.span.end);
      let hint = 'check the arguments: BalancerMember [balancer://NAME] URL [key=value …]';
      if (word.startsWith('#'))
        hint = 'Apache takes "#" and the words after it as arguments, as it has no trailing comments: move the comment to its own line';
      else if (
        /^[+-]?[a-z]+$/i.test(word) &&
        /status=\S*\s+$/i.test(text.slice(Math.max(0, problem.span.start - 40), problem.span.start))
      ) {
        hint = 'a status value cannot contain spaces: write the letters together, e.g. status=+H+R';
      } else if (problem.message.includes('must define remote proxy server'))
        hint = 'no member URL, as a word with "=" is a parameter: outside <Proxy> write BalancerMember balancer://NAME URL';
      else if (problem.message.includes('must define balancer name'))
        hint = 'outside <Proxy balancer://…> the balancer name must come first';
      else if (problem.message.includes('can not have a balancer name')) hint = 'inside <Proxy balancer://…> give only the member URL';
      yield { span: problem.span, message: hint, apacheMessage: problem.message };
    }
  },
};
