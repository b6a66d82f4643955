import { quoted } from '../bounded';
import { asciiLower } from '../ascii';
import { reverseLines } from '../requests/proxy-lines';
import type { Directive, Section } from '../syntax/tree';
import { argument, indentationAt, lineEnd, lineStart } from './shared';
import type { Fix, Rule, RuleExamples, RuleFinding } from './types';
import type { Word } from '../syntax/words';

export const rule: Rule = {
  id: 'proxypassreverse-syntax',
  severity: 'error',
  ignoresValues: true,
  docs: {
    summary: '`ProxyPassReverse` arguments Apache refuses: a path inside `<Location>` or `<Proxy>`, no path outside, more than three words',
    why: 'ProxyPassReverse takes PATH URL [interpolate], and only URL [interpolate] inside <Location> or <Proxy> (the section gives the path); anything else stops Apache from starting.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    for (const { directive, inPath } of reverseLines(analysis.tree.nodes)) {
      const finding = refusal(analysis.tree.text, directive, inPath);
      if (finding) findings.push(finding);
    }
    return findings;
  },
};

/** add_pass_reverse's refusals (mod_proxy.c), and AP_INIT_TAKE123's. */
function refusal(text: string, directive: Directive, inPath: Section | undefined): RuleFinding | undefined {
  const args = directive.args;
  if (args.some((word) => word.value.includes('${'))) return undefined;
  if (args.length > 3) {
    return {
      span: args[3]!.span,
      message: `ProxyPassReverse takes at most three words, PATH URL [interpolate]: remove ${quoted(args[3]!.value)} and what follows`,
      apacheMessage: 'ProxyPassReverse takes one, two or three arguments, a virtual path and a URL for reverse proxy behaviour',
    };
  }
  const second = args[1];
  if (inPath) {
    if (!second || asciiLower(second.value) === 'interpolate') return undefined;
    const first = args[0]!;
    const end = second.span.start;
    return {
      span: first.span,
      message: `remove the path ${quoted(first.value)}: inside <Location> or <Proxy> ProxyPassReverse takes only the URL`,
      apacheMessage: 'ProxyPassReverse can not have a path when defined in a location',
      fixes: [
        moveOut(text, directive, inPath, second) ?? {
          title: 'Remove the path',
          safe: true,
          edits: [{ span: { start: first.span.start, end }, newText: '' }],
        },
      ],
    };
  }
  if (args.length === 0 || !second || asciiLower(second.value) === 'interpolate') {
    return {
      span: directive.span,
      message: 'ProxyPassReverse needs a path and a URL here: write ProxyPassReverse PATH URL',
      apacheMessage: 'ProxyPassReverse needs a path when not defined in a location',
    };
  }
  return undefined;
}

/**
 * In `<Location "/shop/">`, ProxyPassReverse with the URL alone maps a redirect to /landed to
 * /shop//landed (the path keeps its slash and the rest brings one): the line moves after the section
 * with the path written without its trailing slash (verified on Apache 2.4.71).
 */
function moveOut(text: string, directive: Directive, section: Section, url: Word): Fix | undefined {
  const path = section.args[0]?.value;
  const close = section.close;
  if (asciiLower(section.name) !== 'location' || section.args.length !== 1 || !path || path.length < 2 || !path.endsWith('/') || !close)
    return undefined;
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  const after = lineEnd(text, close.span.end);
  const line = `${indentationAt(text, section.open.span.start)}ProxyPassReverse ${argument(path.replace(/\/+$/, ''))} ${argument(url.value)}`;
  const atEnd = after === text.length && !text.endsWith('\n');
  return {
    title: `Move it after </Location> as ProxyPassReverse ${quoted(path.replace(/\/+$/, ''))} ${quoted(url.value)}`,
    safe: true,
    edits: [
      { span: { start: lineStart(text, directive.span.start), end: lineEnd(text, directive.span.end) }, newText: '' },
      { span: { start: after, end: after }, newText: atEnd ? `${newline}${line}` : `${line}${newline}` },
    ],
  };
}

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Location "/shop/">\n    ProxyPass "balancer://shop/"\n    ProxyPassReverse "/shop/" "balancer://shop/"\n</Location>',
  good: '<Location "/shop/">\n    ProxyPass "balancer://shop/"\n</Location>\nProxyPassReverse "/shop" "balancer://shop/"',
};
