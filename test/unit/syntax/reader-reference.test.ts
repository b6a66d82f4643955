/**
 * The reader against a straightforward reference of Apache's line reading and `ap_getword_conf`,
 * written character by character with each character's source offset beside it: every directive,
 * section and comment read from a line without `${VAR}` must carry the names, words, texts and
 * spans the reference gives, on real, fixture, generated and random configurations.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { parse } from '../../../server/src/core/syntax/parser';
import type { Directive, Node, SyntaxTree } from '../../../server/src/core/syntax/tree';
import type { Span } from '../../../server/src/core/span';
import type { MappedText } from '../../../server/src/core/syntax/lines';
import { generateBalancerHeavy, generateConfig } from '../../../bench/generate';
import { grammarText, largeText, mutatedText, seedTexts, tokenText } from '../../fuzz/inputs';
import { fuzzRuns } from '../../support/fuzz';

/** A character of a logical line and the offset it was read from. */
interface Char {
  readonly ch: string;
  readonly at: number;
}

interface ReferenceLine {
  /** The trimmed logical line. */
  readonly chars: readonly Char[];
  readonly lastLineStart: number;
}

const isSpace = (ch: string | undefined): boolean => ch !== undefined && /^[ \t\n\v\f\r]$/.test(ch);

/** Logical lines as `ap_cfg_getline` reads them: LF ends a line, a NUL ends its text, backslash-(CR)LF continues it; trimmed. */
function referenceLines(text: string): ReferenceLine[] {
  const lines: ReferenceLine[] = [];
  let pos = 0;
  while (pos < text.length) {
    const chars: Char[] = [];
    let lastLineStart = pos;
    for (;;) {
      lastLineStart = pos;
      const physical: Char[] = [];
      while (pos < text.length && text[pos] !== '\n') physical.push({ ch: text[pos]!, at: pos++ });
      const terminated = pos < text.length;
      pos = Math.min(pos + 1, text.length);
      const nul = physical.findIndex((c) => c.ch === '\0');
      if (nul >= 0) physical.length = nul;
      if (nul < 0 && terminated && physical.at(-1)?.ch === '\r') physical.pop();
      const continues = nul < 0 && terminated && physical.at(-1)?.ch === '\\';
      if (continues) physical.pop();
      chars.push(...physical);
      if (!continues) break;
      if (pos >= text.length) {
        lastLineStart = pos;
        break;
      }
    }
    let start = 0;
    let end = chars.length;
    while (start < end && isSpace(chars[start]!.ch)) start++;
    while (end > start && isSpace(chars[end - 1]!.ch)) end--;
    if (end > start) lines.push({ chars: chars.slice(start, end), lastLineStart });
  }
  return lines;
}

interface ReferenceWord {
  readonly value: string;
  readonly quoted: boolean;
  readonly span: Span;
}

function spanOfChars(chars: readonly Char[], from: number, to: number): Span {
  const start = chars[from]?.at ?? 0;
  return { start, end: to > from ? chars[to - 1]!.at + 1 : start };
}

/** `ap_getword_conf`, one character at a time, over `chars` up to `limit`. */
function referenceWords(chars: readonly Char[], limit = chars.length): ReferenceWord[] {
  const result: ReferenceWord[] = [];
  let pos = 0;
  for (;;) {
    while (pos < limit && isSpace(chars[pos]!.ch)) pos++;
    if (pos >= limit) return result;
    const from = pos;
    const quote = chars[pos]!.ch;
    let value = '';
    const quoted = quote === '"' || quote === "'";
    if (quoted) {
      pos++;
      while (pos < limit && chars[pos]!.ch !== quote) {
        const next = chars[pos + 1]?.ch;
        if (chars[pos]!.ch === '\\' && pos + 1 < limit && (next === quote || next === '\\')) {
          value += next;
          pos += 2;
        } else value += chars[pos++]!.ch;
      }
      if (pos < limit) pos++;
    } else {
      while (pos < limit && !isSpace(chars[pos]!.ch)) {
        if (chars[pos]!.ch === '\\' && pos + 1 < limit && chars[pos + 1]!.ch === '\\') {
          value += '\\';
          pos += 2;
        } else value += chars[pos++]!.ch;
      }
    }
    result.push({ value, quoted, span: spanOfChars(chars, from, pos) });
  }
}

/** Each character of mapped text with the offset its pieces give it. */
function mappedChars(mapped: MappedText): Char[] {
  const chars: Char[] = [];
  for (const piece of mapped.pieces) {
    assert.equal(piece.length, piece.sourceLength, 'a line without ${VAR} maps one to one');
    for (let k = 0; k < piece.length; k++) chars.push({ ch: mapped.text[piece.at + k]!, at: piece.source + k });
  }
  assert.equal(chars.length, mapped.text.length, 'pieces cover the text');
  return chars;
}

const plain = (words: readonly ReferenceWord[]): ReferenceWord[] =>
  words.map((word) => ({ value: word.value, quoted: word.quoted, span: { start: word.span.start, end: word.span.end } }));

/** The argument characters of a directive line as handlers get them: after the first word and its spaces, or `>` for a bare `<Name>`. */
function referenceArguments(line: ReferenceLine, name: string): Char[] {
  const first = referenceWords(line.chars)[0]!;
  let pos = line.chars.findIndex((c) => c.at >= first.span.end);
  if (pos < 0) pos = line.chars.length;
  while (pos < line.chars.length && isSpace(line.chars[pos]!.ch)) pos++;
  const rest = line.chars.slice(pos);
  if (name.startsWith('<') && name[1] !== '/' && rest.length === 0) return [{ ch: '>', at: Math.max(first.span.end - 1, 0) }];
  return rest;
}

function checkDirective(directive: Directive, line: ReferenceLine): void {
  const words = referenceWords(line.chars);
  let name = words[0]!.value;
  if (name[1] !== '/' && name.endsWith('>')) name = name.slice(0, -1);
  assert.equal(directive.name, name);
  assert.deepEqual(directive.nameSpan, words[0]!.span);
  assert.deepEqual({ ...directive.span }, spanOfChars(line.chars, 0, line.chars.length));
  assert.equal(directive.lineAt, line.lastLineStart);
  const args = referenceArguments(line, directive.name);
  assert.deepEqual(mappedChars(directive.argText), args);
  assert.deepEqual(plain(directive.args), referenceWords(args));
}

/** Checks every node read from a line without `${VAR}` against the reference lines of `text`; returns how many it checked. */
function checkTree(tree: SyntaxTree, text: string): number {
  const byStart = new Map<number, ReferenceLine>();
  for (const line of referenceLines(text)) byStart.set(line.chars[0]!.at, line);
  const comparable = (directive: Directive): ReferenceLine | undefined => {
    const line = byStart.get(directive.span.start);
    if (directive.macroLine || !line || line.chars.some((c, i) => c.ch === '$' && line.chars[i + 1]?.ch === '{')) return undefined;
    return line;
  };
  let checked = 0;
  const visit = (directive: Directive | undefined): void => {
    const line = directive && comparable(directive);
    if (!directive || !line) return;
    checkDirective(directive, line);
    checked++;
  };
  const pending: Node[] = [...tree.nodes];
  while (pending.length > 0) {
    const node = pending.pop()!;
    if (node.kind === 'directive') {
      visit(node);
      for (const file of node.included ?? []) pending.push(...file.nodes);
      continue;
    }
    visit(node.open);
    visit(node.close);
    pending.push(...node.children);
    const line = comparable(node.open);
    if (!line) continue;
    const args = referenceArguments(line, node.open.name);
    const bracket = args.map((c) => c.ch).lastIndexOf('>');
    assert.equal(node.name, node.open.name.slice(1));
    assert.equal(node.hasBracket, bracket >= 0);
    assert.deepEqual(plain(node.args), referenceWords(args, bracket >= 0 ? bracket : args.length));
    // Text after the bracket counts when JavaScript's trim leaves some (a no-break space alone does not).
    const after = args
      .slice(bracket + 1)
      .map((c) => c.ch)
      .join('');
    const ignored = bracket >= 0 && after.trim() !== '' ? spanOfChars(args, bracket + 1, args.length) : undefined;
    assert.deepEqual(node.ignoredText && { ...node.ignoredText }, ignored);
  }
  for (const comment of tree.comments) {
    const line = byStart.get(comment.start);
    assert.ok(line && line.chars[0]!.ch === '#', `comment at ${comment.start} is a comment line`);
    assert.deepEqual({ ...comment }, spanOfChars(line.chars, 0, line.chars.length));
  }
  return checked;
}

function confFilesUnder(directory: string): string[] {
  return readdirSync(directory)
    .sort()
    .flatMap((name) => {
      const path = join(directory, name);
      if (statSync(path).isDirectory()) return confFilesUnder(path);
      return name.endsWith('.conf') ? [readFileSync(path, 'utf8')] : [];
    });
}

describe('reader against a character-by-character reference', function () {
  this.timeout(120_000);
  const seeds = seedTexts().texts;
  const ROOT = join(__dirname, '../../..');
  const OPTIONS = { environment: { HOST: 'example.org' } };

  it('reads rule examples, examples, fixtures, the corpus and real mistakes as the reference does', () => {
    let checked = 0;
    for (const text of [...seeds, ...confFilesUnder(join(ROOT, 'test/real-mistakes'))]) checked += checkTree(parse(text, OPTIONS), text);
    assert.ok(checked > 1000, `only ${checked} directives compared`);
  });

  it('reads generated configurations as the reference does', () => {
    for (const seed of [1, 2, 3]) {
      for (const generated of [
        generateConfig({ root: '/srv/bench', port: 18080, lines: 2000, seed }),
        generateBalancerHeavy({ root: '/srv/bench', port: 18080, lines: 2000, seed }),
      ]) {
        assert.ok(checkTree(parse(generated.text, OPTIONS), generated.text) > 1000);
      }
    }
  });

  it('reads random and edited texts as the reference does', () => {
    const text = fc.oneof(tokenText, grammarText, mutatedText(seeds), largeText(seeds));
    fc.assert(
      fc.property(text, (input) => {
        checkTree(parse(input, OPTIONS), input);
      }),
      fuzzRuns(1500),
    );
  });
});
