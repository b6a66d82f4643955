/**
 * Findings that only say "not finished yet" while someone types: the editor holds them back until
 * typing pauses for longer, the cursor leaves, or the file is saved (docs/editors.md).
 */
import type { Analysis } from '../analysis';
import { DIRECTIVES } from '../directives/table';
import { LBMETHODS } from '../model/build';
import type { Diagnostic } from '../rules/types';
import type { Node, Section } from '../syntax/tree';
import { PARAMETER_DOCS } from './parameter-docs';

/** The names a half-typed word may be the start of, per rule that reports an unknown name. */
const KNOWN_NAMES: Readonly<Record<string, readonly string[]>> = {
  'unknown-directive': DIRECTIVES.map((info) => info.name.toLowerCase()),
  'unknown-parameter': [...new Set(PARAMETER_DOCS.map((doc) => doc.key))],
  'unknown-lbmethod': LBMETHODS,
};

/**
 * Whether a finding only says the text at `cursor` (an offset in the analysis' text) is not
 * finished: a section without its close that holds the cursor and so runs to the end of the file;
 * on the cursor's line, a finding that touches the cursor (the word being typed); or an unknown
 * name there that is the start of one Apache knows (`BalancerMem`, `lbmethod=b`).
 */
export function isUnfinished(analysis: Analysis, diagnostic: Diagnostic, cursor: number): boolean {
  const { span } = diagnostic;
  const text = analysis.tree.text;
  const unclosed = unclosedSectionAt(analysis.tree.nodes, span.start);
  if (unclosed && cursor >= unclosed.open.span.start) return true;
  const lineStart = text.lastIndexOf('\n', cursor - 1) + 1;
  const lineEnd = text.indexOf('\n', cursor);
  if (span.end < lineStart || (lineEnd >= 0 && span.start > lineEnd)) return false;
  if (span.start <= cursor && cursor <= span.end) return true;
  const word = text.slice(span.start, span.end).replace(/^["']/, '').toLowerCase();
  return word !== '' && (KNOWN_NAMES[diagnostic.ruleId] ?? []).some((name) => name.length > word.length && name.startsWith(word));
}

/** The section opened at `offset` that is never closed, if there is one. */
function unclosedSectionAt(nodes: readonly Node[], offset: number): Section | undefined {
  for (const node of nodes) {
    if (node.kind !== 'section' || offset < node.span.start || offset > Math.max(node.span.end, node.open.span.end)) continue;
    if (node.open.span.start === offset && node.close === undefined) return node;
    const inner = unclosedSectionAt(node.children, offset);
    if (inner) return inner;
  }
  return undefined;
}
