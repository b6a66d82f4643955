/**
 * The TextMate grammar, tokenized by the same engine VS Code uses (vscode-textmate + oniguruma).
 * One case per line: `check(text, '[word]', 'scope')` asserts that the first occurrence of `word`
 * is one token (or several with the same scopes) carrying `scope`.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as oniguruma from 'vscode-oniguruma';
import { INITIAL, IGrammar, Registry, parseRawGrammar, StateStack } from 'vscode-textmate';
import { BALANCER_PARAMETER_KEYS, WORKER_HCHECK_PARAMETER_KEYS, WORKER_PARAMETER_KEYS } from '../../../server/src/core/model/params';

const ROOT = join(__dirname, '../../..');
const GRAMMAR = join(ROOT, 'syntaxes/apacheconf.tmLanguage.json');

let grammar: IGrammar;

before(async () => {
  const wasm = readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm'));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer);
  const registry = new Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (sources) => new oniguruma.OnigScanner(sources),
      createOnigString: (text) => new oniguruma.OnigString(text),
    }),
    loadGrammar: async () => parseRawGrammar(readFileSync(GRAMMAR, 'utf8'), GRAMMAR),
  });
  const loaded = await registry.loadGrammar('source.apacheconf');
  assert.ok(loaded, 'grammar did not load');
  grammar = loaded;
});

/** Every token of `text` with its offset in `text` and its scopes. */
function tokenize(text: string): { from: number; to: number; scopes: readonly string[] }[] {
  const tokens: { from: number; to: number; scopes: readonly string[] }[] = [];
  let state: StateStack = INITIAL;
  let lineStart = 0;
  for (const line of text.split('\n')) {
    const result = grammar.tokenizeLine(line, state);
    for (const token of result.tokens)
      tokens.push({ from: lineStart + token.startIndex, to: lineStart + Math.min(token.endIndex, line.length), scopes: token.scopes });
    state = result.ruleStack;
    lineStart += line.length + 1;
  }
  return tokens;
}

/** Scopes of each token overlapping the text between `[` and `]` in `marked` (brackets removed before tokenizing). */
function scopesAt(marked: string): (readonly string[])[] {
  const start = marked.indexOf('[');
  const end = marked.indexOf(']', start);
  assert.ok(start >= 0 && end > start, `no [marker] in ${marked}`);
  const text = marked.slice(0, start) + marked.slice(start + 1, end) + marked.slice(end + 1);
  return tokenize(text)
    .filter((token) => token.from < end - 1 && token.to > start)
    .map((token) => token.scopes);
}

function check(marked: string, scope: string): void {
  const scopes = scopesAt(marked);
  assert.ok(scopes.length > 0, `nothing tokenized at the marker in ${JSON.stringify(marked)}`);
  for (const tokenScopes of scopes)
    assert.ok(tokenScopes.includes(scope), `${JSON.stringify(marked)}: expected ${scope}, got ${tokenScopes.join(' ')}`);
}

function checkNot(marked: string, scope: string): void {
  for (const tokenScopes of scopesAt(marked))
    assert.ok(!tokenScopes.some((s) => s.startsWith(scope)), `${JSON.stringify(marked)}: unexpected ${scope} in ${tokenScopes.join(' ')}`);
}

describe('TextMate grammar (syntaxes/apacheconf.tmLanguage.json)', () => {
  it('comments start a line, after optional whitespace', () => {
    check('[# a comment]', 'comment.line.number-sign.apacheconf');
    check('    [# indented]', 'comment.line.number-sign.apacheconf');
    checkNot('ServerName example.org [# not a comment]', 'comment');
  });
  it('a comment ending in a backslash swallows the next line, as httpd joins lines first', () => {
    check('# comment \\\n[BalancerMember] http://a', 'comment.line.number-sign.apacheconf');
  });
  it('directive names', () => {
    check('[BalancerMember] http://10.0.0.1:8080', 'keyword.other.directive.apacheconf');
    check('  [ProxyPass] "/shop/" "balancer://shop/"', 'keyword.other.directive.apacheconf');
  });
  it('section open and close tags', () => {
    check('<[Proxy] "balancer://shop">', 'entity.name.tag.section.apacheconf');
    check('[<]Proxy "balancer://shop">', 'punctuation.definition.tag.begin.apacheconf');
    check('<Proxy "balancer://shop"[>]', 'punctuation.definition.tag.end.apacheconf');
    check('</[Proxy]>', 'entity.name.tag.section.apacheconf');
    check('<IfModule [mod_proxy.c]>', 'meta.tag.section.apacheconf');
  });
  it('double and single quoted strings with escapes', () => {
    check('Header set X ["a b"]', 'string.quoted.double.apacheconf');
    check("Header set X ['a b']", 'string.quoted.single.apacheconf');
    check('Header set X "a [\\"] b"', 'constant.character.escape.apacheconf');
    check('Header set X "a" [b]', 'meta.directive.apacheconf');
    checkNot('Header set X "a" [b]', 'string');
  });
  it('${VAR} and %{VAR}', () => {
    check('BalancerMember http://a:[${PORT}]', 'variable.other.define.apacheconf');
    check('BalancerMember "http://a:[${PORT}]"', 'variable.other.define.apacheconf');
    check('RewriteCond [%{HTTP_HOST}] ^x', 'variable.other.expression.apacheconf');
  });
  it('key=value parameters, known keys apart from unknown ones', () => {
    check('BalancerMember http://a [loadfactor]=70', 'variable.parameter.known.apacheconf');
    check('BalancerMember http://a [LoadFactor]=70', 'variable.parameter.known.apacheconf');
    check('BalancerMember http://a loadfactor[=]70', 'keyword.operator.assignment.apacheconf');
    check('BalancerMember http://a loadfactor=[70]', 'constant.numeric.apacheconf');
    check('ProxySet [lbmethod]=byrequests', 'variable.parameter.known.apacheconf');
    check('ProxySet [loadfactr]=7', 'variable.parameter.apacheconf');
    checkNot('ProxySet [loadfactr]=7', 'variable.parameter.known');
    check('BalancerMember "http://a" ["loadfactor]=3"', 'string.quoted.double.apacheconf');
    check('BalancerMember "http://a" "[loadfactor]=3"', 'variable.parameter.known.apacheconf');
    check('ProxySet nofailover=[On]', 'constant.language.apacheconf');
  });
  it('knows every parameter key the model knows', () => {
    for (const key of [...WORKER_PARAMETER_KEYS, ...WORKER_HCHECK_PARAMETER_KEYS, ...BALANCER_PARAMETER_KEYS]) {
      check(`BalancerMember http://a [${key}]=1`, 'variable.parameter.known.apacheconf');
    }
  });
  it('status flags', () => {
    check('BalancerMember http://a status=[+H]', 'constant.language.status.apacheconf');
    check('BalancerMember http://a status=[-D+E]', 'constant.language.status.apacheconf');
  });
  it('balancer:// URLs: scheme and name', () => {
    check('ProxyPass "/shop/" "[balancer://]shop/"', 'keyword.other.scheme.balancer.apacheconf');
    check('ProxyPass "/shop/" "balancer://[shop]/"', 'entity.name.type.balancer.apacheconf');
    check('<Proxy balancer://[shop]>', 'entity.name.type.balancer.apacheconf');
    check('BalancerMember balancer://[api] http://10.0.1.1:9000', 'entity.name.type.balancer.apacheconf');
    check('BalancerMember balancer://api [http://10.0.1.1:9000]', 'markup.underline.link.apacheconf');
  });
  it('a trailing backslash continues a directive on the next line', () => {
    check('BalancerMember http://a [\\]', 'punctuation.separator.continuation.line.apacheconf');
    check('BalancerMember http://a \\\n    [loadfactor]=3', 'variable.parameter.known.apacheconf');
    check('BalancerMember http://a \\\n    [# not a comment]', 'meta.directive.apacheconf');
    checkNot('BalancerMember http://a \\\n    [# not a comment]', 'comment');
    check('BalancerMember http://a\n[ProxySet] lbmethod=bybusyness', 'keyword.other.directive.apacheconf');
  });
  it('an unterminated string ends with its line', () => {
    check('Header set X "open\n[ProxySet] lbmethod=bybusyness', 'keyword.other.directive.apacheconf');
  });
});
