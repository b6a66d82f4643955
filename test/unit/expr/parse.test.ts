// ap_expr's model against Apache's verdicts (test/apache/hc-expressions.ts, confirmed by `apache2 -t`
// in test/apache/hc-expressions.test.ts), what it names, and that no input makes it throw.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { tables } from '../../../server/src/core/expr/grammar';
import { exprError } from '../../../server/src/core/expr/parse';
import { EXPRESSIONS, NOT_MODELLED } from '../../apache/hc-expressions';
import { fuzzRuns } from '../../support/fuzz';

const HCHECK = { hcheck: true, ssl: false };

describe('exprError', () => {
  it('has at least 90 expressions, accepted and refused', () => {
    assert.ok(EXPRESSIONS.length >= 90);
    assert.ok(EXPRESSIONS.filter(([, apache]) => apache === undefined).length >= 40);
  });

  it("builds bison's automaton: 96 states, 32 of them reducing without a lookahead", () => {
    const { states } = tables();
    assert.equal(states.length, 96);
    assert.equal(states.filter((state) => state.actions.size === 0).length, 32);
  });

  for (const [expression, apache] of EXPRESSIONS) {
    it(`${apache === undefined ? 'accepts' : 'refuses'} ${expression}`, () => {
      assert.equal(exprError(expression, HCHECK)?.message, apache);
    });
  }

  for (const [expression, apache] of NOT_MODELLED) {
    it(`accepts ${expression}, which Apache refuses (FIXME: ${apache})`, () => {
      assert.equal(exprError(expression, HCHECK), undefined);
    });
  }

  it('knows the names the loaded modules add', () => {
    assert.equal(exprError("%{SSL_PROTOCOL} == 'TLSv1.3' && SSL('x') == 1", { hcheck: false, ssl: true }), undefined);
    assert.equal(exprError('%{REQUEST_STATUS} in PeerExtList("1.2.3")', { hcheck: false, ssl: true }), undefined);
    assert.equal(exprError("hc('body') == 1", { hcheck: false, ssl: true })?.message, "Function 'hc' does not exist");
  });

  it('says what is wrong in our words, quoting the text', () => {
    const reason = (expression: string): string | undefined => exprError(expression, HCHECK)?.reason;
    assert.equal(reason('%{FOO} == 1'), 'variable "%{FOO}" does not exist');
    assert.equal(reason('%{REQUEST_STATUS} =~ /(/'), 'regular expression "(" does not compile: missing closing parenthesis');
    assert.equal(reason('(true'), 'a parenthesis is not closed');
    assert.equal(reason('true false'), '"false" is out of place');
    assert.equal(reason("%{REQUEST_STATUS} in {'a' 'b'}"), 'a string is out of place');
    assert.match(reason("%{REQUEST_URI} =~ '^/api'") ?? '', /^=~ and !~ take a regex/);
    assert.match(reason('%{REQUEST_URI} =~ /^/api//') ?? '', /^a "\/" inside \/…\/ ends the regex/);
    assert.equal(reason('true &'), '"&" is not part of the expression language');
    assert.equal(reason('-R %{REMOTE_ADDR}'), "-R takes a quoted address, e.g. '10.0.0.0/8'");
  });

  it('never throws, on any mix of its tokens', () => {
    const piece = fc.constantFrom(
      ...['%{', '}', '{', '(', ')', "'", '"', '\\', '/', 'm#', '#', '$1', ' ', 'and', '||', '!', '==', '=~', '-R', '-ipmatch', 'in', ','],
      ...['REQUEST_STATUS', 'hc', ':', 'x', '200', '\\777', '\\8', '.', '@', '\n', 'i', 'true'],
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 24 }), (pieces) => {
        const error = exprError(pieces.join(''), HCHECK);
        return error === undefined || (error.message.length > 0 && error.reason.length > 0);
      }),
      fuzzRuns(5000),
    );
  });

  it('stops as bison does at 10,000 stack entries (test/apache/config-test.test.ts, "<If> nested …")', () => {
    const nested = (depth: number): string => `${'('.repeat(depth)}true${')'.repeat(depth)}`;
    assert.equal(exprError(nested(9995), HCHECK), undefined);
    assert.equal(exprError(nested(9996), HCHECK)?.message, 'memory exhausted');
  });

  it('reads a long expression to its end', () => {
    const long = Array.from({ length: 2000 }, () => '%{REQUEST_STATUS} == 200').join(' || ');
    assert.equal(exprError(long, HCHECK), undefined);
    assert.match(exprError(`${long} ||`, HCHECK)?.message ?? '', /unexpected \$end/);
  });
});
