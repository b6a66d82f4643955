import { quoted } from '../bounded';
import type { Analysis } from '../analysis';
import type { Span } from '../span';
import type { Rule, RuleExamples, RuleFinding } from './types';

/** One piece of template syntax and the kind of template it belongs to. */
interface Mark {
  readonly kind: string;
  readonly span: Span;
}

/** What a scan of one file found: the marks, and the whole physical lines they sit on (PHP blocks included). */
interface TemplateScan {
  readonly marks: readonly Mark[];
  readonly lines: readonly Span[];
}

/** A file of the configuration that holds template syntax. */
interface TemplateFile extends TemplateScan {
  /** The file's place in the virtual text. */
  readonly span: Span;
}

/** Patterns that never occur in an Apache configuration, looked for on every line, comments included. */
const STRONG: readonly (readonly [kind: string, pattern: RegExp])[] = [
  ['Jinja', /\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}/],
  ['ERB', /<%[=#-]?.*?%>/],
];
/** A PHP block opens with `<?php`, `<?=` or `<? ` and may run over many lines to `?>`. */
const PHP_OPEN = /<\?(?:php\b|=|\s)/i;
const FREEMARKER_TAG = /<\/?[#@][a-zA-Z][^>]*>?/;
const FREEMARKER_VARIABLE = /\$\{[^}]*\}/;
const AUTOCONF = /(?<![\w@.])@{1,2}[A-Za-z_][A-Za-z0-9_]*@{1,2}(?![\w@])/;
const PLACEHOLDER = /\[(?=[A-Z0-9_-]*[A-Z]{2})[A-Z][A-Z0-9_-]*\]/;
const SHELL_VARIABLE = /(?<![\\$\w])\$[A-Z][A-Z0-9_]+(?![\w{])/;
/** Every mark above holds one of these characters (`{{`, `<%`, `<?`, `<#`, `<@`, `${`, `@VAR@`, `[X]`, `$X`). */
const MARK_CHARACTER = /[{%?#@[$]/g;
/** Directives whose arguments are regular expressions or flag lists, where `[ABC]` and `$X` mean what they say. */
const REGEX_DIRECTIVE = /^\s*(?:<\/?)?(?:Rewrite\w*|SetEnvIf\w*|BrowserMatch\w*|\w*Match|If|ElseIf)\b/i;

const scans = new WeakMap<Analysis, readonly TemplateFile[]>();

/** Where template syntax is: its whole physical lines (newline included) and the files holding any, in text order. */
function templateRegions(analysis: Analysis): { readonly lines: readonly Span[]; readonly files: readonly Span[] } {
  const files = templateFiles(analysis);
  return { lines: files.flatMap((file) => file.lines), files: files.map((file) => file.span) };
}

/** The files of the configuration that hold template syntax, each scanned on its own. */
function templateFiles(analysis: Analysis): readonly TemplateFile[] {
  let found = scans.get(analysis);
  if (!found) {
    const { text, files } = analysis.tree;
    const spans =
      files.length > 0 ? files.map((file) => ({ start: file.start, end: file.start + file.length })) : [{ start: 0, end: text.length }];
    found = spans.map((span) => ({ span, ...scanText(text, span) })).filter((file) => file.marks.length > 0);
    scans.set(analysis, found);
  }
  return found;
}

/** Scans one file line by line; `${…}` counts only in FreeMarker files, `$VAR` never in mod_macro files. */
function scanText(text: string, file: Span): TemplateScan {
  const own = text.slice(file.start, file.end);
  const isFreeMarker = /<\/?#[a-zA-Z]/.test(own);
  const hasMacro = /^\s*<Macro\b/im.test(own);
  const marks: Mark[] = [];
  const lines: Span[] = [];
  let inPhp = false;
  for (let start = file.start; start < file.end;) {
    if (!inPhp) {
      // Lines without any character a mark needs are skipped in one search (most lines, usually).
      // The search runs in the file's own text: in the whole text, each file without a mark would
      // search on through every later file, quadratic in the files of a wildcard include.
      MARK_CHARACTER.lastIndex = start - file.start;
      const next = MARK_CHARACTER.exec(own);
      if (!next) break;
      start = Math.max(start, text.lastIndexOf('\n', file.start + next.index) + 1);
    }
    const newline = text.indexOf('\n', start);
    const end = newline < 0 || newline >= file.end ? file.end : newline + 1;
    const line = text.slice(start, end);
    const found: Mark[] = [];
    const add = (kind: string, match: RegExpExecArray | null, offset = 0): void => {
      if (match) found.push({ kind, span: { start: start + offset + match.index, end: start + offset + match.index + match[0].length } });
    };
    let php: boolean = inPhp;
    let rest = 0;
    for (;;) {
      if (php) {
        const close = line.indexOf('?>', rest);
        if (close < 0) break;
        php = false;
        rest = close + 2;
      }
      const open = PHP_OPEN.exec(line.slice(rest));
      if (!open) break;
      add('PHP', open, rest);
      php = true;
      rest += open.index + open[0].length;
    }
    for (const [kind, pattern] of STRONG) add(kind, pattern.exec(line));
    // Inside PHP, `$name` is PHP's; Apache comments hold prose.
    const isPlainApache = !inPhp && found.length === 0 && !/^\s*#/.test(line);
    if (isPlainApache) {
      if (isFreeMarker) add('FreeMarker', FREEMARKER_TAG.exec(line) ?? FREEMARKER_VARIABLE.exec(line));
      add('@VAR@ placeholder', AUTOCONF.exec(line));
      if (!REGEX_DIRECTIVE.test(line)) {
        add('[PLACEHOLDER]', PLACEHOLDER.exec(line));
        if (!hasMacro) add('shell $VAR', SHELL_VARIABLE.exec(line));
      }
    }
    if (found.length > 0 || inPhp) lines.push({ start, end });
    marks.push(...found.sort((a, b) => a.span.start - b.span.start));
    inPhp = php;
    start = end;
  }
  return { marks, lines };
}

export const rule: Rule = {
  id: 'template-syntax',
  severity: 'info',
  readsComments: true,
  ignoresValues: true,
  docs: {
    summary: 'unrendered template syntax (PHP, Jinja, ERB, FreeMarker, `@VAR@`, `[PLACEHOLDER]`, shell `$VAR`): lint the rendered file',
    why: 'A template is not what Apache reads: its tags would make Apache refuse the file or produce nonsense URLs. Balancer Lens says so once and hides other findings on the template lines (and section mismatches anywhere in the file), so a template does not drown you in parse errors.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    for (const { marks } of templateFiles(analysis)) {
      const first = marks[0]!;
      const kinds = [...new Set(marks.map((mark) => mark.kind))];
      const sample = analysis.tree.text.slice(first.span.start, first.span.end);
      findings.push({
        span: first.span,
        message: `this file is an unrendered template (${kinds.join(', ')}, e.g. ${quoted(sample, 24)}): lint the rendered file instead`,
      });
    }
    return findings;
  },
  /**
   * In a template, the note stands in for the findings its tags cause: those that start on a
   * template line, and section mismatches anywhere in that file (`<?php` or `<#list>` opens a section).
   */
  standsInFor(analysis) {
    const { lines, files } = templateRegions(analysis);
    return (diagnostic) =>
      isWithin(lines, diagnostic.span.start) || (diagnostic.ruleId === 'section-mismatch' && isWithin(files, diagnostic.span.start));
  },
};

/** Whether `offset` falls in one of `spans`, sorted and disjoint: a binary search, not a scan per finding. */
function isWithin(spans: readonly Span[], offset: number): boolean {
  let lo = 0;
  let hi = spans.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const span = spans[mid]!;
    if (offset < span.start) hi = mid - 1;
    else if (offset >= span.end) lo = mid + 1;
    else return true;
  }
  return false;
}

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://shop">\n    BalancerMember "http://{{ backend_host }}:8080"\n</Proxy>',
  good: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>',
};
