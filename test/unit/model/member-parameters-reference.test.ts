/**
 * The builder keeps a member line's parameters in a table that scans its few keys (and indexes
 * them only on long lines), and answers the member's `setBy` from that table instead of a Map of its
 * own. This compares both, on generated member lines, with the plain reading: apr_table_setn over
 * the words, and a Map of the parameters that set_worker_param accepts.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { buildModel } from '../../../server/src/core/model/build';
import type { Parameter } from '../../../server/src/core/model/model';
import { defaultWorkerParams, setWorkerParam } from '../../../server/src/core/model/params';
import { parse } from '../../../server/src/core/syntax/parser';
import { fuzzRuns } from '../../support/fuzz';

/** Keys in several cases, a few unknown, and one that only JavaScript's case folding equates with `kelvin` (U+212A). */
const KEYS = [
  'loadfactor',
  'LoadFactor',
  'route',
  'ROUTE',
  'retry',
  'status',
  'Status',
  'lbset',
  'timeout',
  'ping',
  'keepalive',
  'bogus',
  'hcmethod',
  '\u212Aelvin',
  'kelvin',
];
const VALUES = ['1', '50', '0', '101', '1.5', 'x', '+H', '-Q', 'On', 'maybe', 'GET', '5s', '-1', 'a=b'];

const parameter = fc.tuple(fc.constantFrom(...KEYS), fc.constantFrom(...VALUES)).map(([key, value]) => `${key}=${value}`);
/** Mostly short lines, some longer than the table scans before it indexes its keys. */
const line = fc.oneof(fc.array(parameter, { maxLength: 6 }), fc.array(parameter, { minLength: 15, maxLength: 60 }));

/** apr_table_setn, read plainly: a repeated key (in lower case) keeps its first position and takes the last value. */
function referenceTable(words: readonly string[]): { key: string; value: string }[] {
  const table: { key: string; value: string }[] = [];
  for (const word of words) {
    const equals = word.indexOf('=');
    const entry = { key: word.slice(0, equals), value: word.slice(equals + 1) };
    const at = table.findIndex((each) => each.key.toLowerCase() === entry.key.toLowerCase());
    if (at < 0) table.push(entry);
    else table[at] = entry;
  }
  return table;
}

const context = { hcheckLoaded: true, isLbmethodAvailable: () => true };
const plain = (parameter: Parameter | undefined): { key: string; value: string } | undefined =>
  parameter && { key: parameter.key, value: parameter.value };

describe('member parameters against the plain reading', () => {
  it('the table and setBy (get, has, size, iteration) equal apr_table_setn and a Map of the accepted parameters', () => {
    fc.assert(
      fc.property(line, (words) => {
        const text = `<Proxy balancer://c>\nBalancerMember http://h ${words.join(' ')}\n</Proxy>\n`;
        const member = buildModel(parse(text)).balancers[0]!.members[0]!;
        const table = referenceTable(words);
        assert.deepEqual(member.declaration.parameters.map(plain), table);
        const accepted = table.filter((entry) => setWorkerParam(defaultWorkerParams(), entry.key, entry.value, context) === undefined);
        const expected = new Map(accepted.map((entry) => [entry.key.toLowerCase(), entry]));
        const setBy = member.setBy;
        assert.equal(setBy.size, expected.size);
        assert.deepEqual(
          [...setBy].map(([key, value]) => [key, plain(value)]),
          [...expected],
        );
        assert.deepEqual(
          [...setBy.entries()].map(([key, value]) => [key, plain(value)]),
          [...expected.entries()],
        );
        assert.deepEqual([...setBy.keys()], [...expected.keys()]);
        assert.deepEqual([...setBy.values()].map(plain), [...expected.values()]);
        const visited: unknown[] = [];
        setBy.forEach((value, key, map) => visited.push([key, plain(value), map === setBy]));
        assert.deepEqual(
          visited,
          [...expected].map(([key, value]) => [key, value, true]),
        );
        for (const key of [...KEYS, ...KEYS.map((each) => each.toLowerCase())]) {
          assert.deepEqual(plain(setBy.get(key)), expected.get(key), key);
          assert.equal(setBy.has(key), expected.has(key), key);
        }
      }),
      fuzzRuns(400),
    );
  });
});
