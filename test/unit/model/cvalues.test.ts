import * as assert from 'node:assert/strict';
import { atoi, atol, doubleToInt, isCSpace, parseTimeout, strtod } from '../../../server/src/core/model/cvalues';

/** A readable, ASCII-only test title for a value with odd characters. */
const show = (text: string | undefined): string =>
  text === undefined
    ? 'undefined'
    : JSON.stringify(text).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

// Expected values were checked against glibc's own strtod/atoi/atol and a C (int) cast on x86-64.

/** [input, value, consumed length] */
const STRTOD: readonly (readonly [string, number, number])[] = [
  ['1', 1, 1],
  ['1.5', 1.5, 3],
  ['00001', 1, 5],
  ['+2', 2, 2],
  ['-2.5', -2.5, 4],
  [' \t\n\v\f\r2', 2, 7],
  ['.5e1', 5, 4],
  ['5.', 5, 2],
  ['.', 0, 0],
  ['+', 0, 0],
  ['', 0, 0],
  ['abc', 0, 0],
  ['"2"', 0, 0],
  ['\u00a02', 0, 0], // NBSP is not C whitespace
  ['2abc', 2, 1],
  ['1,5', 1, 1],
  ['1e', 1, 1],
  ['1e+', 1, 1],
  ['1E2', 100, 3],
  ['1e-2x', 0.01, 4],
  ['1.15', 1.15, 4],
  ['100.009', 100.009, 7],
  ['1e400', Infinity, 5],
  ['-1e400', -Infinity, 6],
  ['1e-400', 0, 6],
  ['4.9e-324', 5e-324, 8],
  ['0.1000000000000000055511151231257827021181583404541015625', 0.1, 57],
  ['9007199254740993', 9007199254740992, 16], // halfway: ties to even
  ['0x10', 16, 4],
  ['0X1a', 26, 4],
  ['0x1A', 26, 4],
  ['0x1p4', 16, 5],
  ['0x1.8p3', 12, 7],
  ['0x1.8P+3', 12, 8],
  ['0x8p-3', 1, 6],
  ['0x.8', 0.5, 4],
  ['0x1.', 1, 4],
  ['0x1p', 1, 3],
  ['0x1p-', 1, 3],
  ['-0x10', -16, 5],
  ['0x', 0, 1],
  ['0xg', 0, 1],
  ['0x.p1', 0, 1],
  ['0x1p-1074', 5e-324, 9],
  ['0x1p-1075', 0, 9], // exactly half the smallest subnormal: ties to even (0)
  ['0x3p-1076', 5e-324, 9],
  ['0x1p1024', Infinity, 8],
  ['0x1.fffffffffffff7p1023', 1.7976931348623157e308, 23],
  ['0x1.fffffffffffff8p1023', Infinity, 23],
  ['0x20000000000001', 9007199254740992, 16], // 2^53 + 1 rounds to even
  ['0x20000000000003', 9007199254740996, 16],
  ['0x123456789abcdef0123456789abcdef', 1.512366075204171e36, 33],
  ['inf', Infinity, 3],
  ['INF', Infinity, 3],
  ['-Inf', -Infinity, 4],
  ['infinity', Infinity, 8],
  ['Infinity', Infinity, 8],
  ['infinit', Infinity, 3],
  ['infinityx', Infinity, 8],
  ['ınf', 0, 0], // dotless i is not ASCII 'i'
  ['nan', NaN, 3],
  ['NaN', NaN, 3],
  ['-nan', NaN, 4],
  ['nan(abc_1)', NaN, 10],
  ['nan()', NaN, 5],
  ['nan(', NaN, 3],
  ['nan(a-b)', NaN, 3],
];

/** [input, atoi] */
const ATOI: readonly (readonly [string, number])[] = [
  ['0', 0],
  ['42', 42],
  ['  -7', -7],
  ['+8', 8],
  ['1.9', 1],
  ['abc', 0],
  ['', 0],
  ['- 1', 0],
  ['0x10', 0],
  ['2147483647', 2147483647],
  ['2147483648', -2147483648],
  ['4294967297', 1],
  ['-2147483649', 2147483647],
  ['9223372036854775807', -1],
  ['99999999999999999999', -1], // saturates to LONG_MAX, whose low 32 bits are all ones
  ['-99999999999999999999', 0], // saturates to LONG_MIN, whose low 32 bits are zero
];

/** [input, atol] */
const ATOL: readonly (readonly [string, number])[] = [
  ['512', 512],
  ['-1', -1],
  ['4294967297', 4294967297],
  ['99999999999999999999', 9223372036854775807],
  ['-99999999999999999999', -9223372036854775808],
  ['x', 0],
];

/** [double, (int) cast] */
const DOUBLE_TO_INT: readonly (readonly [number, number])[] = [
  [114.99999999999999, 114],
  [-1.9, -1],
  [-0.5, 0],
  [2147483647.9, 2147483647],
  [-2147483648.9, -2147483648],
  [2147483648, -2147483648],
  [-2147483649, -2147483648],
  [NaN, -2147483648],
  [Infinity, -2147483648],
  [-Infinity, -2147483648],
];

/** [input, default unit, milliseconds or undefined for "wrong format"] */
const TIMEOUTS: readonly (readonly [string, 's' | 'ms', number | undefined])[] = [
  ['5', 's', 5000],
  ['5', 'ms', 5],
  ['5s', 'ms', 5000],
  ['5sec', 'ms', 5000],
  ['5ms', 's', 5],
  ['5msec', 's', 5],
  ['5mi', 's', 300000],
  ['5min', 's', 300000],
  ['5h', 's', 18000000],
  ['5hours', 's', 18000000],
  ['5m', 's', undefined],
  ['5S', 's', undefined],
  ['5 s', 's', undefined],
  ['1.5', 's', undefined],
  ['1.5s', 's', undefined],
  ['-1', 's', undefined],
  ['-0', 's', 0],
  ['+5', 's', 5000],
  [' 5', 's', 5000],
  ['', 's', 0],
  ['', 'ms', 0],
  ['s', 's', 0],
  ['ms', 's', 0],
  [' s', 's', undefined], // no digits: the suffix starts at the whitespace
  ['abc', 's', undefined],
  ['9223372036854', 's', 9223372036854000],
  ['9223372036855', 's', undefined], // microseconds would overflow int64
  ['2562047788h', 's', 2562047788 * 3600000],
  ['2562047789h', 's', undefined],
  ['153722867280mi', 's', 153722867280 * 60000],
  ['153722867281mi', 's', undefined],
  ['9223372036854775ms', 's', 9223372036854775],
  ['9223372036854776ms', 's', undefined],
  ['9223372036854775808', 'ms', undefined], // strtoll ERANGE
];

describe('cvalues', () => {
  describe('strtod', () => {
    for (const [input, value, length] of STRTOD) {
      it(`${show(input)} → ${value}, ${length} chars`, () => {
        const result = strtod(input);
        assert.ok(Object.is(result.value, value) || (Number.isNaN(value) && Number.isNaN(result.value)), `value ${result.value}`);
        assert.equal(result.length, length);
      });
    }
    it('keeps the sign of zero', () => assert.ok(Object.is(strtod('-0').value, -0)));
  });

  describe('atoi', () => {
    for (const [input, expected] of ATOI) it(`${show(input)} → ${expected}`, () => assert.equal(atoi(input), expected));
  });

  describe('atol', () => {
    for (const [input, expected] of ATOL) it(`${show(input)} → ${expected}`, () => assert.equal(atol(input), expected));
  });

  describe('doubleToInt', () => {
    for (const [input, expected] of DOUBLE_TO_INT) {
      it(`${input} → ${expected}`, () => assert.ok(Object.is(doubleToInt(input), expected)));
    }
  });

  describe('parseTimeout', () => {
    for (const [input, unit, expected] of TIMEOUTS) {
      it(`${show(input)} (default ${unit}) → ${expected}`, () => assert.equal(parseTimeout(input, unit), expected));
    }
  });

  describe('isCSpace', () => {
    for (const ch of [' ', '\t', '\n', '\v', '\f', '\r']) it(`${show(ch)} is space`, () => assert.ok(isCSpace(ch)));
    for (const ch of ['\u00a0', '\u2028', 'x', '', undefined]) it(`${show(ch)} is not`, () => assert.ok(!isCSpace(ch)));
  });
});
