/** Hover on a directive's name: its module, where it may stand, and its page in the Apache manual. */
import type { Analysis } from '../analysis';
import { findDirective } from '../directives/directives';
import { codeSpan, escapeMarkdown } from '../markup';
import type { Directive, Node } from '../syntax/tree';

/** The manual the links point at: Apache httpd 2.4, where every directive has an anchor on its module's page. */
const MANUAL = 'https://httpd.apache.org/docs/2.4/mod/';

/** The contexts of the manual's quick reference, in its words. */
const CONTEXTS: Readonly<Record<string, string>> = {
  s: 'server config',
  v: 'virtual host',
  d: 'directory',
  h: '.htaccess',
  p: 'proxy section',
};

/** The short hover of the directive or section name at `offset`, if it names one Apache knows. */
export function directiveNameHover(analysis: Analysis, offset: number): { markdown: string; span: Directive['nameSpan'] } | undefined {
  const directive = nameAt(analysis.tree.nodes, offset);
  const info = directive && findDirective(directive.name.replace(/^<\//, '<').replace(/>$/, ''));
  if (!directive || !info) return undefined;
  const name = info.name.replace(/^</, '');
  const where = [...info.contexts].map((context) => CONTEXTS[context] ?? context).join(', ');
  const link = `${MANUAL}${info.module}.html#${name.toLowerCase()}`;
  return {
    markdown: `**${escapeMarkdown(info.name.startsWith('<') ? `<${name}>` : name)}** · ${codeSpan(info.module)} · in ${where} · [Apache manual](${link})`,
    span: directive.nameSpan,
  };
}

/** The directive whose name holds `offset`: section lines and included files too (their text lies elsewhere in the virtual text); without recursion, as sections nest deep. */
function nameAt(nodes: readonly Node[], offset: number): Directive | undefined {
  const stack: (readonly Node[])[] = [nodes];
  for (let level = stack.pop(); level; level = stack.pop())
    for (const node of level) {
      if (node.kind === 'section') {
        if (isOnName(node.open, offset)) return node.open;
        if (node.close && isOnName(node.close, offset)) return node.close;
        stack.push(node.children);
      } else {
        if (isOnName(node, offset)) return node;
        for (const file of node.included ?? []) stack.push(file.nodes);
      }
    }
  return undefined;
}

/** Whether `offset` is on the line's name, its end included. */
function isOnName(line: Directive, offset: number): boolean {
  const { start, end } = line.nameSpan;
  return offset >= start && offset <= end;
}
