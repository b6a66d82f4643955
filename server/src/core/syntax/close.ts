/**
 * Closing a section that is never closed: where its `</Name>` most likely belongs. Apache reads such
 * a section to the end of the file, so the reader's tree holds everything after it as its body;
 * the lines indented under the opening line are what the admin meant to put inside.
 */
import type { Node, Section } from './tree';

/** A closing line to insert: `text` at `offset`. */
export interface SectionClose {
  readonly offset: number;
  readonly text: string;
}

const UNCLOSED = new WeakMap<readonly Node[], ReadonlyMap<number, Section>>();

/** The section opened at `offset` and never closed, anywhere in the tree (indexed once per tree, without recursion: sections nest 20,000 deep). */
export function unclosedSectionAt(nodes: readonly Node[], offset: number): Section | undefined {
  let index = UNCLOSED.get(nodes);
  if (!index) {
    const found = new Map<number, Section>();
    const stack: (readonly Node[])[] = [nodes];
    for (let level = stack.pop(); level; level = stack.pop())
      for (const node of level) {
        if (node.kind !== 'section') continue;
        if (node.close === undefined) found.set(node.open.span.start, node);
        stack.push(node.children);
      }
    UNCLOSED.set(nodes, (index = found));
  }
  return index.get(offset);
}

/**
 * The close of a section: after its children indented deeper than its opening line (when the first
 * is), else after its last child, at the opening line's indentation.
 */
export function sectionClose(text: string, section: Section): SectionClose {
  const indent = indentation(text, section.open.span.start);
  let last: Node | undefined;
  for (const child of section.children) {
    if (indentation(text, child.span.start).length <= indent.length) break;
    last = child;
  }
  last ??= section.children.at(-1);
  return { offset: (last ?? section.open).span.end, text: `\n${indent}</${section.name}>` };
}

/** The spaces and tabs that start the line holding `offset`. */
function indentation(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart, offset))![0];
}
