import { quoted } from '../bounded';
import { findDirective } from '../directives/directives';
import type { Span } from '../span';
import { sectionName } from '../syntax/names';
import type { Node, Section } from '../syntax/tree';
import type { Fix, Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'ignored-text',
  severity: 'warning',
  ignoresValues: true,
  docs: {
    summary: "text after the `>` of a section's opening or closing line: Apache silently ignores it",
    why: 'Section handlers read their arguments up to the last `>` and Apache drops the rest of the line, as it does after `</Proxy>`: `<Proxy "balancer://shop"> lbmethod=bybusyness` keeps the default lbmethod and says nothing.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    const text = analysis.tree.text;
    for (const section of sections(analysis.tree.nodes)) {
      const opening = section.ignoredText && trimmed(text, section.ignoredText);
      const close = section.close;
      const first = close?.args[0];
      const closing =
        close && first && close.name.endsWith('>') ? trimmed(text, { start: first.span.start, end: close.span.end }) : undefined;
      // Unknown sections are unknown-directive's business; Apache refuses them before ignoring anything.
      // Most sections have nothing to report, and are not looked up.
      if ((!opening && !closing) || !findDirective(`<${section.name}`)) continue;
      if (opening) findings.push(afterOpening(text, section, opening));
      if (closing) findings.push(afterClosing(text, section, closing));
    }
    return findings;
  },
};

/** Every section, depth first, false conditionals included (their lines are read, only not run). */
function* sections(nodes: readonly Node[]): Generator<Section> {
  // An explicit stack, not recursion: 20,000 nested sections must not overflow the call stack.
  const levels: { readonly nodes: readonly Node[]; index: number }[] = [{ nodes, index: 0 }];
  while (levels.length > 0) {
    const level = levels.at(-1)!;
    const node = level.nodes[level.index++];
    if (!node) levels.pop();
    else if (node.kind === 'section') {
      yield node;
      levels.push({ nodes: node.children, index: 0 });
    }
  }
}

/** The span without surrounding whitespace, or undefined when it is empty or a `#` comment the admin meant as one. */
function trimmed(text: string, span: Span): Span | undefined {
  const raw = text.slice(span.start, span.end);
  const start = span.start + (raw.length - raw.trimStart().length);
  const end = span.end - (raw.length - raw.trimEnd().length);
  return end > start && text[start] !== '#' ? { start, end } : undefined;
}

function afterOpening(text: string, section: Section, ignored: Span): RuleFinding {
  const words = text.slice(ignored.start, ignored.end);
  const open = `<${sectionName(section.name)}>`;
  const isProxy = /^proxy(match)?$/i.test(section.name);
  const bracket = text.lastIndexOf('>', ignored.start);
  const fixes: Fix[] = [];
  if (isProxy && /^\S+=/.test(words) && bracket >= section.open.span.start) {
    fixes.push({
      title: 'Move the parameters inside the ">"',
      safe: false,
      edits: [{ span: { start: bracket, end: ignored.end }, newText: ` ${words}>` }],
    });
  }
  const indent = /^[ \t]*/.exec(text.slice(text.lastIndexOf('\n', section.open.span.start) + 1))![0];
  if (findDirective(words.split(/\s/)[0]!)) {
    fixes.push({
      title: 'Move it to its own line',
      safe: false,
      edits: [{ span: { start: bracket + 1, end: ignored.end }, newText: `\n${indent}    ${words}` }],
    });
  }
  fixes.push({ title: 'Delete the ignored text', safe: false, edits: [{ span: { start: bracket + 1, end: ignored.end }, newText: '' }] });
  const hint = isProxy ? 'move it inside the ">" or onto a ProxySet line' : 'put it on its own line or delete it';
  return {
    span: ignored,
    message: `${quoted(words)} after the ">" of this ${open} line is ignored: ${hint}`,
    fixes,
  };
}

function afterClosing(text: string, section: Section, ignored: Span): RuleFinding {
  const words = text.slice(ignored.start, ignored.end);
  const close = section.close!;
  const end = close.nameSpan.end;
  return {
    span: ignored,
    message: `${quoted(words)} after </${sectionName(section.name)}> is ignored: put it on its own line or delete it`,
    fixes: [{ title: 'Delete the ignored text', safe: false, edits: [{ span: { start: end, end: ignored.end }, newText: '' }] }],
  };
}

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://shop"> lbmethod=bybusyness\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>',
  good: '<Proxy "balancer://shop" lbmethod=bybusyness>\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>',
};
