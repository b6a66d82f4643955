import { quoted } from '../bounded';
import { shippedModuleSymbol } from '../syntax/conditions';
import { syntaxProblems } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'load-module-failed',
  severity: 'error',
  docs: {
    summary: 'a `LoadModule` line Apache refuses: not two arguments, a module file that does not exist, or the wrong module name',
    why: 'LoadModule runs while the file is read: it needs a module name and a file, the file must exist (a path is taken from ServerRoot), and the file must export that name (mod_proxy_hcheck.so holds proxy_hcheck_module). Anything else stops Apache. A file is looked for only inside the include roots, and a bare file name (which the system loader may find) is not looked for.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    const text = analysis.tree.text;
    for (const problem of syntaxProblems(analysis, 'load-module-failed')) {
      const file = unquoted(text.slice(problem.span.start, problem.span.end));
      const message =
        problem.problem === 'load-module-arguments'
          ? 'LoadModule takes a module name and a file, e.g. LoadModule proxy_module modules/mod_proxy.so'
          : problem.problem === 'load-module-file'
            ? `module file ${quoted(file)} does not exist: fix the path (relative to ServerRoot)`
            : `${quoted(file.slice(file.lastIndexOf('/') + 1))} holds ${shippedModuleSymbol(file) ?? 'another module'}: write that name before the file`;
      findings.push({ span: problem.span, message, apacheMessage: problem.message });
    }
    return findings;
  },
};

/** A word as written without the quotes around it. */
function unquoted(word: string): string {
  return /^(["']).*\1$/s.test(word) ? word.slice(1, -1) : word;
}

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: 'LoadModule hcheck_module mod_proxy_hcheck.so',
  good: 'LoadModule proxy_hcheck_module mod_proxy_hcheck.so',
};
