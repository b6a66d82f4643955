/** Code actions: each diagnostic's fixes, and comments that silence a rule on a line or in the file. */
import type { Analysis } from '../analysis';
import type { Diagnostic, TextEdit } from '../rules/types';
import type { Span } from '../span';

/** A quick fix: a title and the edits it makes, for the diagnostics it answers. */
export interface CodeAction {
  readonly title: string;
  readonly edits: readonly TextEdit[];
  /** One diagnostic; for the file-wide suppression, every diagnostic of its rule in the range. */
  readonly diagnostics: readonly Diagnostic[];
  /** The fix to offer first (the only fix of the diagnostic, or a safe one). */
  readonly isPreferred: boolean;
}

/** Actions for the diagnostics that touch `range`: as many as the diagnostics they fix (one file-wide suppression per rule). */
export function codeActions(analysis: Analysis, diagnostics: readonly Diagnostic[], range: Span): CodeAction[] {
  const text = analysis.tree.text;
  const actions: CodeAction[] = [];
  // Once per call, not per diagnostic: a search of the whole text for each would be quadratic.
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  // The line of the last diagnostic: diagnostics come in document order, so each line is searched once.
  let line = { start: 0, end: -1, indent: '' };
  const lineAt = (offset: number): typeof line => {
    if (offset < line.start || offset > line.end) {
      const start = text.lastIndexOf('\n', offset - 1) + 1;
      const end = text.indexOf('\n', start);
      line = { start, end: end < 0 ? text.length : end, indent: /^[ \t]*/.exec(text.slice(start))![0] };
    }
    return line;
  };
  // The file-wide suppression of each rule, offered once: one per diagnostic would make select-all quadratic.
  const fileWide = new Map<string, Diagnostic[]>();
  for (const diagnostic of diagnostics) {
    if (diagnostic.span.end < range.start || diagnostic.span.start > range.end) continue;
    const fixes = diagnostic.fixes ?? [];
    fixes.forEach((fix, index) =>
      actions.push({
        title: fix.title,
        edits: fix.edits,
        diagnostics: [diagnostic],
        isPreferred: fix.safe || (fixes.length === 1 && index === 0),
      }),
    );
    const { start: lineStart, indent } = lineAt(diagnostic.span.start);
    actions.push({
      title: `Disable ${diagnostic.ruleId} for this line`,
      edits: [
        {
          span: { start: lineStart, end: lineStart },
          newText: `${indent}# balancer-lens-disable-next-line ${diagnostic.ruleId}${newline}`,
        },
      ],
      diagnostics: [diagnostic],
      isPreferred: false,
    });
    const answered = fileWide.get(diagnostic.ruleId);
    if (answered) {
      answered.push(diagnostic);
      continue;
    }
    fileWide.set(diagnostic.ruleId, [diagnostic]);
    actions.push({
      title: `Disable ${diagnostic.ruleId} in this file`,
      edits: [{ span: { start: 0, end: 0 }, newText: `# balancer-lens-disable ${diagnostic.ruleId}${newline}` }],
      diagnostics: fileWide.get(diagnostic.ruleId)!,
      isPreferred: false,
    });
  }
  return actions;
}
