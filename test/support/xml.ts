/** Well-formedness of XML output (the SVG charts), checked by a strict XML parser. */
import assert from 'node:assert/strict';

interface SaxParser {
  onerror: (error: Error) => void;
  onopentag: (node: { name: string; attributes: Record<string, string> }) => void;
  write(text: string): SaxParser;
  close(): void;
}

// sax ships no types; this is the part of its API used here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const sax = require('sax') as { parser(strict: boolean): SaxParser };

/** An element as the parser saw it: its name and its attributes, entities decoded. */
export interface XmlElement {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
}

/** Parses `text` as XML in strict mode; fails with the parser's message if it is not well-formed. Returns the element names in document order. */
export function parseXml(text: string): string[] {
  return xmlElements(text).map((element) => element.name);
}

/** Parses `text` as XML in strict mode, as parseXml; returns the elements in document order. */
export function xmlElements(text: string): XmlElement[] {
  const parser = sax.parser(true);
  const names: XmlElement[] = [];
  let failure: Error | undefined;
  parser.onerror = (error) => {
    failure ??= error;
  };
  parser.onopentag = (node) => void names.push({ name: node.name, attributes: node.attributes });
  parser.write(text).close();
  assert.equal(failure, undefined, `not well-formed XML: ${failure?.message}`);
  return names;
}
