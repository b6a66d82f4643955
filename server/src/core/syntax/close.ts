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

/** The section opened at `offset` and never closed, anywhere in the tree. */
export function unclosedSectionAt(nodes: readonly Node[], offset: number): Section | undefined {
  for (const node of nodes) {
    if (node.kind !== 'section' || offset < node.span.start || offset > Math.max(node.span.end, node.open.span.end)) continue;
    if (node.open.span.start === offset && node.close === undefined) return node;
    const inner = unclosedSectionAt(node.children, offset);
    if (inner) return inner;
  }
  return undefined;
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
