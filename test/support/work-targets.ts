/**
 * What the security tests count the work of (test/support/work.ts): each takes and returns plain
 * data, since it runs in the counter's worker thread.
 */
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { repeatExample } from '../../bench/generate';
import { analyze, type Analysis } from '../../server/src/core/analysis';
import { lint } from '../../server/src/core/lint';
import type { Open } from '../../server/src/lsp/context';
import { schedule } from '../../server/src/lsp/handlers/schedule';
import { DEFAULT_SETTINGS } from '../../server/src/lsp/settings';
import { runCli } from './cli';
import { ruleById } from './rules';
import { RULE_EXAMPLES } from '../../server/src/core/rules/examples';

/** `balancer-lens ARGS` run in `cwd`, in process: its exit code and how much it printed. */
export function cli(args: readonly string[], cwd: string): { status: number | null; stdout: number; stderr: string } {
  const run = runCli(args, { cwd });
  return { status: run.status, stdout: run.stdout.length, stderr: run.stderr };
}

/** Analyses already made, by text: the first call for a text analyses it, the next ones count only the request. */
const analyses = new Map<string, Analysis>();

/** The language server's balancerLens/schedule handler on `text`'s balancer `balancer` with `whatIf`: how many what-ifs it applied. */
export function scheduleWhatIf(text: string, balancer: string, whatIf: readonly unknown[]): number {
  let analysis = analyses.get(text);
  if (!analysis) analyses.set(text, (analysis = analyze(text, { epochSeconds: 1_800_000_000 })));
  const state = {
    analysis,
    locationOf: () => ({ uri: 'file:///work.conf', range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } }),
  };
  const open = { document: undefined as unknown as TextDocument, state, settings: DEFAULT_SETTINGS } as unknown as Open;
  return schedule(open, { uri: 'file:///work.conf', balancer, whatIf } as never)?.whatIf.length ?? -1;
}

/** Analyses of rule examples made by `exampleLint(…, true)`, by rule id and copies: each is linted once. */
const examples = new Map<string, Analysis>();

/**
 * `lint` on `copies` copies of rule `ruleId`'s bad example, made as bench/inprocess.ts's rule-growth
 * table makes them: a call with `prepare` analyses the text, so that the next call counts the lint
 * alone. How many findings of the rule there are.
 */
export function exampleLint(ruleId: string, copies: number, prepare: boolean): number {
  const key = `${ruleId} ${copies}`;
  if (prepare) {
    examples.set(key, analyze(repeatExample(RULE_EXAMPLES[ruleById(ruleId).id].bad, copies), { epochSeconds: 1_800_000_000 }));
    return 0;
  }
  const analysis = examples.get(key);
  if (!analysis) throw new Error(`${key} was not prepared`);
  examples.delete(key);
  return lint(analysis).filter((diagnostic) => diagnostic.ruleId === ruleId).length;
}
