/**
 * ap_expr's grammar as Apache 2.4 declares it (server/util_expr_parse.y), and the LALR(1) tables
 * bison builds from it, computed here from the grammar: the same states, the same conflict
 * resolutions (precedence, else shift; the earlier rule between two reductions) and the same
 * default reductions, so that a syntax error is found at the token where Apache finds it and lists
 * the tokens Apache lists.
 */

/** The terminals in bison's symbol order (declaration order, then the characters as they first appear): its error messages list them so. */
export const TERMINALS = [
  '$end',
  'T_TRUE',
  'T_FALSE',
  'T_EXPR_BOOL',
  'T_EXPR_STRING',
  'T_ERROR',
  'T_DIGIT',
  'T_ID',
  'T_STRING',
  'T_REGEX',
  'T_REGEX_I',
  'T_REGEX_BACKREF',
  'T_OP_UNARY',
  'T_OP_BINARY',
  'T_STR_BEGIN',
  'T_STR_END',
  'T_VAR_BEGIN',
  'T_VAR_END',
  'T_OP_EQ',
  'T_OP_NE',
  'T_OP_LT',
  'T_OP_LE',
  'T_OP_GT',
  'T_OP_GE',
  'T_OP_REG',
  'T_OP_NRE',
  'T_OP_IN',
  'T_OP_STR_EQ',
  'T_OP_STR_NE',
  'T_OP_STR_LT',
  'T_OP_STR_LE',
  'T_OP_STR_GT',
  'T_OP_STR_GE',
  'T_OP_CONCAT',
  'T_OP_OR',
  'T_OP_AND',
  'T_OP_NOT',
  "'('",
  "')'",
  "'{'",
  "'}'",
  "','",
  "':'",
] as const;

/** A terminal, by bison's name for it. */
export type Terminal = (typeof TERMINALS)[number];

/** What a reduction means to the checker: the lookups and checks Apache's actions make. */
export type Action =
  | 'abort'
  | 'var'
  | 'var-function'
  | 'string-function'
  | 'list-function'
  | 'unary'
  | 'binary'
  | 'regex'
  | 'string-constant'
  | 'empty-string'
  | 'quoted'
  | 'pass'
  | 'none';

interface Rule {
  readonly lhs: string;
  readonly rhs: readonly string[];
  readonly action: Action;
}

const rule = (lhs: string, rhs: string, action: Action = 'none'): Rule => ({ lhs, rhs: rhs === '' ? [] : rhs.split(' '), action });

/** The rules in the file's order (the order decides reduce/reduce conflicts); rule 0 is bison's `$accept`. */
const RULES: readonly Rule[] = [
  rule('$accept', 'root $end'),
  rule('root', 'T_EXPR_BOOL expr'),
  rule('root', 'T_EXPR_STRING string'),
  rule('root', 'T_ERROR', 'abort'),
  rule('expr', 'T_TRUE'),
  rule('expr', 'T_FALSE'),
  rule('expr', 'T_OP_NOT expr'),
  rule('expr', 'expr T_OP_OR expr'),
  rule('expr', 'expr T_OP_AND expr'),
  rule('expr', 'comparison'),
  rule('expr', 'T_OP_UNARY word', 'unary'),
  rule('expr', 'word T_OP_BINARY word', 'binary'),
  rule('expr', "'(' expr ')'"),
  rule('expr', 'T_ERROR', 'abort'),
  ...['EQ', 'NE', 'LT', 'LE', 'GT', 'GE', 'STR_EQ', 'STR_NE', 'STR_LT', 'STR_LE', 'STR_GT', 'STR_GE'].map((op) =>
    rule('comparison', `word T_OP_${op} word`),
  ),
  rule('comparison', 'word T_OP_IN wordlist'),
  rule('comparison', 'word T_OP_REG regex'),
  rule('comparison', 'word T_OP_NRE regex'),
  rule('wordlist', 'lstfunccall'),
  rule('wordlist', "'{' words '}'"),
  rule('words', 'word'),
  rule('words', "words ',' word"),
  rule('string', 'string strpart'),
  rule('string', 'strpart', 'pass'),
  rule('string', 'T_ERROR', 'abort'),
  rule('strpart', 'T_STRING', 'string-constant'),
  rule('strpart', 'var'),
  rule('strpart', 'backref'),
  rule('var', 'T_VAR_BEGIN T_ID T_VAR_END', 'var'),
  rule('var', "T_VAR_BEGIN T_ID ':' string T_VAR_END", 'var-function'),
  rule('word', 'T_DIGIT'),
  rule('word', 'word T_OP_CONCAT word'),
  rule('word', 'var'),
  rule('word', 'backref'),
  rule('word', 'strfunccall'),
  rule('word', 'T_STR_BEGIN string T_STR_END', 'quoted'),
  rule('word', 'T_STR_BEGIN T_STR_END', 'empty-string'),
  rule('regex', 'T_REGEX', 'regex'),
  rule('regex', 'T_REGEX_I', 'regex'),
  rule('backref', 'T_REGEX_BACKREF'),
  rule('lstfunccall', "T_ID '(' word ')'", 'list-function'),
  rule('strfunccall', "T_ID '(' word ')'", 'string-function'),
];

/** %right T_OP_OR, T_OP_AND, T_OP_NOT, T_OP_CONCAT: each binds tighter than the one before. */
const PRECEDENCE = new Map<string, number>([
  ['T_OP_OR', 1],
  ['T_OP_AND', 2],
  ['T_OP_NOT', 3],
  ['T_OP_CONCAT', 4],
]);

const TERMINAL_SET: ReadonlySet<string> = new Set(TERMINALS);

/** One parser state: its explicit actions by terminal, its default reduction, and its gotos. */
export interface State {
  /** A state number to shift to, or a rule to reduce by; tokens absent take the default (or are errors). */
  readonly actions: ReadonlyMap<Terminal, { readonly shift: number } | { readonly reduce: number }>;
  readonly defaultReduction: number | undefined;
  readonly gotos: ReadonlyMap<string, number>;
}

/** The parser's tables, and the rules for its reductions. */
export interface Tables {
  readonly states: readonly State[];
  readonly rules: readonly { readonly lhs: string; readonly length: number; readonly action: Action }[];
}

let cached: Tables | undefined;

/** The tables, built on first use (a few hundred items: under a millisecond or two). */
export function tables(): Tables {
  cached ??= build();
  return cached;
}

/** An LR(0) item: rule number and dot position, packed as one key. */
const itemKey = (rule: number, dot: number): number => rule * 16 + dot;
const itemRule = (item: number): number => Math.floor(item / 16);
const itemDot = (item: number): number => item % 16;

function build(): Tables {
  const nonterminals = [...new Set(RULES.map((r) => r.lhs))];
  const first = firstSets(nonterminals);
  const kernels: number[][] = [[itemKey(0, 0)]];
  const index = new Map<string, number>([[String(kernels[0]), 0]]);
  const transitions: Map<string, number>[] = [];
  const lookaheads: Map<number, Set<string>>[] = [new Map([[itemKey(0, 0), new Set<string>()]])];
  // LR(0) states, by the symbol after the dot.
  for (let state = 0; state < kernels.length; state++) {
    const next = new Map<string, number[]>();
    for (const item of closure(kernels[state]!)) {
      const symbol = RULES[itemRule(item)]!.rhs[itemDot(item)];
      if (symbol === undefined) continue;
      const moved = next.get(symbol) ?? [];
      moved.push(item + 1);
      next.set(symbol, moved);
    }
    const edges = new Map<string, number>();
    for (const [symbol, kernel] of next) {
      kernel.sort((a, b) => a - b);
      const key = String(kernel);
      let target = index.get(key);
      if (target === undefined) {
        target = kernels.length;
        index.set(key, target);
        kernels.push(kernel);
        lookaheads.push(new Map(kernel.map((item) => [item, new Set<string>()])));
      }
      edges.set(symbol, target);
    }
    transitions.push(edges);
  }
  // LALR(1) lookaheads: propagate through closures and transitions until nothing changes.
  for (let changed = true; changed;) {
    changed = false;
    for (const [state, kernel] of kernels.entries()) {
      for (const [item, follow] of closureWithLookaheads(kernel, lookaheads[state]!, first)) {
        const symbol = RULES[itemRule(item)]!.rhs[itemDot(item)];
        if (symbol === undefined) continue;
        const target = lookaheads[transitions[state]!.get(symbol)!]!.get(item + 1)!;
        for (const token of follow)
          if (!target.has(token)) {
            target.add(token);
            changed = true;
          }
      }
    }
  }
  const states = kernels.map((kernel, state) => actionsOf(closureWithLookaheads(kernel, lookaheads[state]!, first), transitions[state]!));
  return { states, rules: RULES.map((r) => ({ lhs: r.lhs, length: r.rhs.length, action: r.action })) };
}

/** FIRST of each nonterminal; no rule of this grammar derives the empty string, so a rule's first symbol decides. */
function firstSets(nonterminals: readonly string[]): Map<string, Set<string>> {
  const first = new Map(nonterminals.map((symbol) => [symbol, new Set<string>()]));
  for (let changed = true; changed;) {
    changed = false;
    for (const r of RULES) {
      const into = first.get(r.lhs)!;
      const symbol = r.rhs[0]!;
      for (const token of TERMINAL_SET.has(symbol) ? [symbol] : first.get(symbol)!)
        if (!into.has(token)) {
          into.add(token);
          changed = true;
        }
    }
  }
  return first;
}

function closure(kernel: readonly number[]): number[] {
  const items = [...kernel];
  const seen = new Set(items);
  for (let at = 0; at < items.length; at++) {
    const symbol = RULES[itemRule(items[at]!)]!.rhs[itemDot(items[at]!)];
    if (symbol === undefined || TERMINAL_SET.has(symbol)) continue;
    for (const [number, r] of RULES.entries())
      if (r.lhs === symbol && !seen.has(itemKey(number, 0))) {
        seen.add(itemKey(number, 0));
        items.push(itemKey(number, 0));
      }
  }
  return items;
}

/** The closure of a kernel with each item's lookahead set (FIRST of what follows, else the parent's). */
function closureWithLookaheads(
  kernel: readonly number[],
  kernelLookaheads: ReadonlyMap<number, ReadonlySet<string>>,
  first: ReadonlyMap<string, ReadonlySet<string>>,
): Map<number, Set<string>> {
  const items = new Map<number, Set<string>>(kernel.map((item) => [item, new Set(kernelLookaheads.get(item))]));
  for (let changed = true; changed;) {
    changed = false;
    for (const [item, follow] of [...items]) {
      const rhs = RULES[itemRule(item)]!.rhs;
      const symbol = rhs[itemDot(item)];
      if (symbol === undefined || TERMINAL_SET.has(symbol)) continue;
      const after = rhs[itemDot(item) + 1];
      const tokens = after === undefined ? follow : TERMINAL_SET.has(after) ? [after] : first.get(after)!;
      for (const [number, r] of RULES.entries()) {
        if (r.lhs !== symbol) continue;
        const target = items.get(itemKey(number, 0)) ?? new Set<string>();
        items.set(itemKey(number, 0), target);
        for (const token of tokens)
          if (!target.has(token)) {
            target.add(token);
            changed = true;
          }
      }
    }
  }
  return items;
}

/** Bison's action row: shifts, reductions with conflicts resolved, and the most common reduction as the default. */
function actionsOf(items: ReadonlyMap<number, ReadonlySet<string>>, edges: ReadonlyMap<string, number>): State {
  const actions = new Map<Terminal, { shift: number } | { reduce: number }>();
  for (const [symbol, target] of edges) if (TERMINAL_SET.has(symbol)) actions.set(symbol as Terminal, { shift: target });
  const reductions = [...items].filter(([item]) => RULES[itemRule(item)]!.rhs.length === itemDot(item)).sort(([a], [b]) => a - b);
  const counts = new Map<number, number>();
  for (const [item, follow] of reductions) {
    const number = itemRule(item);
    for (const token of follow) {
      const existing = actions.get(token as Terminal);
      if (existing === undefined) actions.set(token as Terminal, { reduce: number });
      else if ('shift' in existing && prefersReduce(number, token)) actions.set(token as Terminal, { reduce: number });
    }
  }
  for (const action of actions.values()) if ('reduce' in action) counts.set(action.reduce, (counts.get(action.reduce) ?? 0) + 1);
  let defaultReduction: number | undefined;
  for (const [item] of reductions) {
    const count = counts.get(itemRule(item)) ?? 0;
    if (count > (defaultReduction === undefined ? 0 : counts.get(defaultReduction)!)) defaultReduction = itemRule(item);
  }
  for (const [token, action] of [...actions]) if ('reduce' in action && action.reduce === defaultReduction) actions.delete(token);
  const gotos = new Map([...edges].filter(([symbol]) => !TERMINAL_SET.has(symbol)));
  return { actions, defaultReduction, gotos };
}

/** A shift/reduce conflict by precedence: the rule's is its last terminal's; equal levels are right-associative (shift). */
function prefersReduce(number: number, token: string): boolean {
  const last = [...RULES[number]!.rhs].reverse().find((symbol) => TERMINAL_SET.has(symbol));
  const rulePrecedence = last === undefined ? undefined : PRECEDENCE.get(last);
  const tokenPrecedence = PRECEDENCE.get(token);
  if (rulePrecedence === undefined || tokenPrecedence === undefined) return false;
  return rulePrecedence > tokenPrecedence;
}
