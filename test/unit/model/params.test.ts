import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { doubleToInt, strtod } from '../../../server/src/core/model/cvalues';
import { fuzzRuns } from '../../support/fuzz';
import {
  BALANCER_PARAMETER_KEYS,
  BalancerParams,
  defaultWorkerParams,
  hasStatus,
  loadfactorToLbfactor,
  NOT_USABLE_STATUS_BITS,
  ParamContext,
  parseStatus,
  setBalancerParam,
  setWorkerParam,
  STATUS_BITS,
  STATUS_LETTERS,
  statusLetters,
  utf8Length,
  WORKER_HCHECK_PARAMETER_KEYS,
  WORKER_PARAMETER_KEYS,
  WorkerParams,
} from '../../../server/src/core/model/params';

// Every accept/reject and message below was also checked against `apache2 -t` (Apache/2.4.71).

/** A readable, ASCII-only test title for a value with odd characters. */
const show = (text: string): string =>
  JSON.stringify(text).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

const LBMETHODS = new Set(['byrequests', 'bytraffic', 'bybusyness']);
const PLAIN: ParamContext = { hcheckLoaded: false, isLbmethodAvailable: (name) => LBMETHODS.has(name) };
const HCHECK: ParamContext = {
  hcheckLoaded: true,
  isLbmethodAvailable: (name) => LBMETHODS.has(name),
  isHcTemplateDefined: (name) => name.toLowerCase() === 'tpl',
  isHcConditionDefined: (name) => name.toLowerCase() === 'ok',
};

/** §3.1 and §9 rows 1–7: [value, stored lbfactor or undefined for the LoadFactor error]. */
const LOADFACTORS: readonly (readonly [string, number | undefined])[] = [
  ['1', 100],
  ['1.5', 150],
  ['100', 10000],
  ['00001', 100],
  ['100.009', 10000],
  ['1.005', 100],
  ['1e2', 10000],
  ['1e1', 1000],
  ['0x10', 1600],
  ['0x1p4', 1600],
  ['+2', 200],
  [' 2', 200],
  ['.5e1', 500],
  ['2abc', 200],
  ['1,5', 100],
  ['1.15', 114],
  ['2.3', 229],
  ['4.35', 434],
  ['33.3', 3329],
  ['2.25', 225],
  ['12.5', 1250],
  ['37.5', 3750],
  ['0', undefined],
  ['0.99', undefined],
  ['0.999', undefined],
  ['0.01', undefined],
  ['0.29', undefined],
  ['-1', undefined],
  ['100.01', undefined],
  ['101', undefined],
  ['abc', undefined],
  ['', undefined],
  ['inf', undefined],
  ['nan', undefined],
  ['NaN', undefined],
  ['nan(1)', undefined],
  ['Infinity', undefined],
  ['-inf', undefined],
  ['21474836.48', undefined], // ×100 overflows int: INT_MIN
  ['"2"', undefined], // the quotes are part of the value
];

/** §5 and §9 rows 16–24: [value, letters before, letters after or 'error']. */
const STATUSES: readonly (readonly [string, string, string])[] = [
  ['', '', ''],
  ['', 'DH', 'DH'],
  ['D', '', 'D'],
  ['d', '', 'D'],
  ['+D', '', 'D'],
  ['-D', 'DH', 'H'],
  ['DH', '', 'DH'],
  ['-DH', 'DH', ''],
  ['DH-DH', '', ''],
  ['DH-D', '', 'H'],
  ['+H-E', 'E', 'H'],
  ['S-E', 'E', 'S'],
  ['+ES', '', 'SE'],
  ['ID', '', 'DI'],
  ['OGFU', '', 'UOGF'],
  ['+C', '', 'C'],
  ['R', '', 'R'],
  ['N', '', 'N'],
  ['dsEihRnCuoGf', '', 'DSEIHRNCUOGF'],
  ['+', '', 'error'],
  ['-', '', 'error'],
  ['D+', '', 'error'],
  ['D-', '', 'error'],
  ['++D', '', 'error'],
  ['+-D', '', 'error'],
  ['+X', '', 'error'],
  ['+D +H', '', 'error'],
  ['D,H', '', 'error'],
  [' D', '', 'error'],
  ['\u0131', '', 'error'], // dotless i: C toupper leaves it alone
  ['\u017f', '', 'error'], // long s: likewise
];

/** [key, value, expected message (undefined = accepted), stored fields to check]. */
type WorkerRow = readonly [string, string, string | undefined, Partial<WorkerParams>?];

const LF_ERROR = 'LoadFactor must be a number between 1..100';
const LBSET_ERROR = 'lbset must be between 0 and 99';

/** §3 table and §9: each worker key, its quirks and every error text. */
const WORKER_ROWS: readonly WorkerRow[] = [
  ['loadfactor', '1.5', undefined, { lbfactor: 150 }],
  ['LoadFactor', '2', undefined, { lbfactor: 200 }],
  ['LOADFACTOR', '0', LF_ERROR],
  ['loadfactor', 'nan', LF_ERROR],
  ['lbfactor', '2', 'unknown Worker parameter'],
  ['weight', '3', 'unknown Worker parameter'],
  ['lbmethod', 'bytraffic', 'unknown Worker parameter'],
  ['', '5', 'unknown Worker parameter'],
  ['hcmethod', 'GET', 'unknown Worker parameter'],
  ['lbset', '1', undefined, { lbset: 1 }],
  ['LBSET', '99', undefined, { lbset: 99 }],
  ['lbset', 'abc', undefined, { lbset: 0 }],
  ['lbset', '1.9', undefined, { lbset: 1 }],
  ['lbset', '', undefined, { lbset: 0 }],
  ['lbset', '4294967297', undefined, { lbset: 1 }],
  ['lbset', '100', LBSET_ERROR],
  ['lbset', '-1', LBSET_ERROR],
  ['lbset', '200', LBSET_ERROR],
  ['status', '+H', undefined, { status: STATUS_BITS.H }],
  ['Status', 'D', undefined, { status: STATUS_BITS.D }],
  ['status', '+D +H', 'Unknown status parameter option'],
  ['route', 'n1', undefined, { route: 'n1' }],
  ['route', 'a=b', undefined, { route: 'a=b' }],
  ['route', 'x'.repeat(63), undefined],
  ['route', 'x'.repeat(64), 'Route length must be < 64 characters'],
  ['route', 'x'.repeat(65), 'Route length must be < 64 characters'],
  ['route', '\u00e9'.repeat(31), undefined], // 62 bytes
  ['route', '\u00e9'.repeat(32), 'Route length must be < 64 characters'], // 64 bytes
  ['redirect', 'n2', undefined, { redirect: 'n2' }],
  ['redirect', 'x'.repeat(64), 'Redirect length must be < 64 characters'],
  ['retry', '0', undefined, { retry: 0 }],
  ['retry', '2000000000', undefined, { retry: 2000000000 }],
  ['retry', '-1', 'Retry must be a positive value'],
  ['timeout', '1.9', undefined, { timeout: 1 }],
  ['timeout', '0', 'Timeout must be at least one second'],
  ['connectiontimeout', '5', undefined, { connectiontimeout: 5000 }],
  ['connectiontimeout', '100ms', undefined, { connectiontimeout: 100 }],
  ['connectiontimeout', '1.5', 'Connectiontimeout has wrong format'],
  ['connectiontimeout', '0', 'Connectiontimeout must be at least one millisecond.'],
  ['ping', '1', undefined, { ping: 1000 }],
  ['ping', '500ms', undefined, { ping: 500 }],
  ['ping', '1.5', 'Ping/Pong timeout has wrong format'],
  ['ping', '-1', 'Ping/Pong timeout has wrong format'],
  ['ping', '0', 'Ping/Pong timeout must be at least one millisecond'],
  ['acquire', '5', undefined, { acquire: 5 }],
  ['acquire', '5s', undefined, { acquire: 5000 }],
  ['acquire', '5x', 'Acquire timeout has wrong format'],
  ['acquire', '0', 'Acquire must be at least one millisecond'],
  ['ttl', '60', undefined, { ttl: 60 }],
  ['ttl', '0', 'TTL must be at least one second'],
  ['min', '0', undefined, { min: 0 }],
  ['min', '-1', 'Min must be a positive number'],
  ['max', '25', undefined, { max: 25 }],
  ['max', '-1', 'Max must be a positive number'],
  ['smax', '5', undefined, { smax: 5 }],
  ['smax', '-1', 'Smax must be a positive number'],
  ['keepalive', 'ON', undefined, { keepalive: true }],
  ['keepalive', 'off', undefined, { keepalive: false }],
  ['keepalive', 'yes', 'KeepAlive must be On|Off'],
  ['disablereuse', 'On', undefined, { disablereuse: true }],
  ['disablereuse', '1', 'DisableReuse must be On|Off'],
  ['enablereuse', 'Off', undefined, { disablereuse: true }],
  ['enablereuse', 'on', undefined, { disablereuse: false }],
  ['enablereuse', 'true', 'EnableReuse must be On|Off'],
  ['flushpackets', 'AUTO', undefined, { flushpackets: 'auto' }],
  ['flushpackets', 'On', undefined, { flushpackets: 'on' }],
  ['flushpackets', 'yes', 'flushpackets must be on|off|auto'],
  ['flushwait', '0', undefined, { flushwait: 10 }],
  ['flushwait', '1000', undefined, { flushwait: 1000 }],
  ['flushwait', '1001', 'flushwait must be <= 1000, or 0 for system default of 10 millseconds.'],
  ['flushwait', '-1', 'flushwait must be <= 1000, or 0 for system default of 10 millseconds.'],
  ['iobuffersize', '0', undefined, { iobuffersize: 8192 }],
  ['iobuffersize', '512', undefined, { iobuffersize: 512 }],
  ['iobuffersize', '4294967297', undefined, { iobuffersize: 4294967297 }], // atol: no 32-bit wrap
  ['iobuffersize', '511', 'IOBufferSize must be >= 512 bytes, or 0 for system default.'],
  ['iobuffersize', '-1', 'IOBufferSize must be >= 512 bytes, or 0 for system default.'],
  ['receivebuffersize', '0', undefined, { receivebuffersize: 0 }],
  ['receivebuffersize', '511', 'ReceiveBufferSize must be >= 512 bytes, or 0 for system default.'],
  ['responsefieldsize', '0', undefined, { responsefieldsize: 8192 }],
  ['responsefieldsize', '100', undefined, { responsefieldsize: 100 }],
  ['responsefieldsize', '-1', 'ResponseFieldSize must be greater than 0 bytes, or 0 for system default.'],
  ['addressttl', '-1', undefined, { addressttl: -1 }],
  ['addressttl', '0', undefined, { addressttl: 0 }],
  ['addressttl', '2min', undefined, { addressttl: 120 }],
  ['addressttl', '1000ms', undefined, { addressttl: 1 }],
  ['addressttl', '2147483647', undefined, { addressttl: 2147483647 }],
  ['addressttl', '1500ms', 'AddressTTL must be -1 or a number of seconds not exceeding (2147483647)'],
  ['addressttl', '2147483648', 'AddressTTL must be -1 or a number of seconds not exceeding (2147483647)'],
  ['addressttl', '-2', 'AddressTTL must be -1 or a number of seconds not exceeding (2147483647)'],
  ['addressttl', ' -1', 'AddressTTL must be -1 or a number of seconds not exceeding (2147483647)'],
  ['flusher', 'flush', undefined, { flusher: 'flush' }],
  ['flusher', 'x'.repeat(16), 'flusher name length must be < 16 characters'],
  ['upgrade', 'ANY', undefined, { upgrade: '*' }],
  ['upgrade', 'any', undefined, { upgrade: '*' }],
  ['upgrade', 'websocket', undefined, { upgrade: 'websocket' }],
  ['upgrade', 'x'.repeat(16), 'upgrade protocol length must be < 16 characters'],
  ['secret', 's3cret', undefined, { secret: 's3cret' }],
  ['secret', 'x'.repeat(64), 'Secret length must be < 64 characters'],
];

/** mod_proxy_hcheck loaded: [key, value, expected message, stored fields]. */
const HCHECK_ROWS: readonly WorkerRow[] = [
  ['loadfactor', '2', undefined, { lbfactor: 200 }],
  ['weight', '3', 'unknown Worker hcheck parameter'],
  ['lbfactor', '2', 'unknown Worker hcheck parameter'],
  ['hctemplate', 'TPL', undefined, { hctemplate: 'TPL' }],
  ['hctemplate', 'nope', 'Unknown ProxyHCTemplate name: nope'],
  ['hcmethod', 'get', undefined, { hcmethod: 'GET' }],
  ['HCMETHOD', 'options11', undefined, { hcmethod: 'OPTIONS11' }],
  ['hcmethod', 'TCP', undefined, { hcmethod: 'TCP' }],
  ['hcmethod', 'cping', 'Health check method cping not (yet) implemented'],
  ['hcmethod', 'PROVIDER', 'Health check method PROVIDER not (yet) implemented'],
  ['hcmethod', 'POST', 'Unknown method'],
  ['hcmethod', 'opt\u0131ons', 'Unknown method'],
  ['hcinterval', '10', undefined, { hcinterval: 10000 }],
  ['hcinterval', '100ms', undefined, { hcinterval: 100 }],
  ['hcinterval', '99ms', 'Interval must be a positive value greater than 100ms'],
  ['hcinterval', '1.5', 'Unparse-able hcinterval setting'],
  ['hcpasses', '2', undefined, { hcpasses: 2 }],
  ['hcpasses', '-1', 'Passes must be a positive value'],
  ['hcfails', '3', undefined, { hcfails: 3 }],
  ['hcfails', '-1', 'Fails must be a positive value'],
  ['hcuri', '/health', undefined, { hcuri: '/health' }],
  ['hcuri', 'x'.repeat(64), 'Health check uri length must be < 64 characters'],
  ['hcexpr', 'OK', undefined, { hcexpr: 'OK' }],
  ['hcexpr', 'nope', 'Unknown health check condition expr: nope'],
];

/** [key, value, expected message (undefined = accepted), stored fields to check]. */
type BalancerRow = readonly [string, string, string | undefined, Partial<BalancerParams>?];

const STICKY_100 = 'S'.repeat(100);

/** §4 table and §9: each balancer key, its quirks and every error text. */
const BALANCER_ROWS: readonly BalancerRow[] = [
  ['lbmethod', 'byrequests', undefined, { lbmethod: 'byrequests' }],
  ['LbMethod', 'bytraffic', undefined, { lbmethod: 'bytraffic' }],
  ['lbmethod', 'ByRequests', 'unknown lbmethod'],
  ['lbmethod', 'heartbeat', 'unknown lbmethod'], // its module is not loaded in this context
  ['lbmethod', 'x'.repeat(16), 'unknown lbmethod'],
  ['loadfactor', '2', 'unknown Balancer parameter'],
  ['route', 'a', 'unknown Balancer parameter'],
  [
    'stickysession',
    'JSESSIONID|jsessionid',
    undefined,
    { stickysession: 'JSESSIONID|jsessionid', stickyCookie: 'JSESSIONID', stickyPath: 'jsessionid' },
  ],
  ['stickysession', 'ROUTEID', undefined, { stickyCookie: 'ROUTEID', stickyPath: 'ROUTEID' }],
  ['stickysession', STICKY_100, undefined, { stickysession: 'S'.repeat(63) }], // silently truncated
  ['stickysession', '\u00e9'.repeat(40), undefined, { stickysession: '\u00e9'.repeat(31) }], // 62 of 63 bytes: no half character
  ['stickysessionsep', '~', undefined, { stickysessionsep: '~' }],
  ['stickysessionsep', 'off', undefined, { stickysessionsep: '' }],
  ['stickysessionsep', 'O', undefined, { stickysessionsep: 'O' }],
  ['stickysessionsep', '', 'stickysessionsep must be a single character or Off'],
  ['stickysessionsep', '--', 'stickysessionsep must be a single character or Off'],
  ['stickysessionsep', '\u00e9', 'stickysessionsep must be a single character or Off'], // two bytes
  ['nofailover', 'On', undefined, { nofailover: true }],
  ['nofailover', 'yes', 'failover must be On|Off'],
  ['maxattempts', '0', undefined, { maxattempts: 0 }],
  ['maxattempts', '-1', 'maximum number of attempts must be a positive number'],
  ['timeout', '5', undefined, { timeout: 5 }],
  ['timeout', '0', 'timeout must be at least one second'], // although 0 is the default
  ['failonstatus', '500, 503,,502', undefined, { failonstatus: [500, 503, 502] }],
  ['failonstatus', '', undefined, { failonstatus: [] }],
  ['failonstatus', '500\t503', undefined, { failonstatus: [500] }], // tab is not a separator; atoi stops there
  ['failonstatus', '100,599', undefined, { failonstatus: [100, 599] }],
  ['failonstatus', '500,abc', 'failonstatus must be one or more HTTP response codes'],
  ['failonstatus', '99', 'failonstatus must be one or more HTTP response codes'],
  ['failonstatus', '600', 'failonstatus must be one or more HTTP response codes'],
  ['failontimeout', 'on', undefined, { failontimeout: true }],
  ['failontimeout', '1', 'failontimeout must be On|Off'],
  ['scolonpathdelim', 'OFF', undefined, { scolonpathdelim: false }],
  ['scolonpathdelim', 'x', 'scolonpathdelim must be On|Off'],
  ['nonce', 'None', undefined, { nonce: '' }],
  ['nonce', 'x'.repeat(36), undefined, { nonce: 'x'.repeat(36) }],
  ['nonce', 'x'.repeat(37), 'Provided nonce is too large'],
  ['growth', '1', undefined, { growth: 1 }],
  ['growth', '100', undefined, { growth: 100 }],
  ['growth', '0', 'growth must be between 1 and 100'], // although 0 is the default
  ['growth', '101', 'growth must be between 1 and 100'],
  ['forcerecovery', 'Off', undefined, { forcerecovery: false }],
  ['forcerecovery', 'no', 'forcerecovery must be On|Off'],
  ['bogus', 'x', 'unknown Balancer parameter'],
];

function checkStored<T extends object>(params: T, stored: Partial<T> | undefined): void {
  for (const [field, value] of Object.entries(stored ?? {})) {
    assert.deepEqual((params as Record<string, unknown>)[field], value, field);
  }
}

describe('params', () => {
  describe('loadfactorToLbfactor', () => {
    for (const [value, lbfactor] of LOADFACTORS) {
      it(`${show(value)} → ${lbfactor}`, () => assert.equal(loadfactorToLbfactor(value), lbfactor));
    }
    it('reads short runs of digits as the general strtod reading does', () => {
      const general = (value: string): number | undefined => {
        const lbfactor = doubleToInt(strtod(value).value * 100.0);
        return lbfactor < 100 || lbfactor > 10000 ? undefined : lbfactor;
      };
      const value = fc.oneof(
        fc.stringMatching(/^[0-9]{0,6}$/),
        fc
          .array(fc.constantFrom('0', '1', '5', '9', '.', ' ', '+', '-', 'e', 'x', '\u0661'), { maxLength: 6 })
          .map((chars) => chars.join('')),
      );
      fc.assert(
        fc.property(value, (each) => assert.equal(loadfactorToLbfactor(each), general(each), JSON.stringify(each))),
        fuzzRuns(3000),
      );
    });
  });

  describe('parseStatus', () => {
    const bitsOf = (letters: string): number => [...letters].reduce((bits, l) => bits | STATUS_BITS[l as keyof typeof STATUS_BITS], 0);
    for (const [value, before, after] of STATUSES) {
      it(`${show(value)} on "${before}" → ${after}`, () => {
        const result = parseStatus(value, bitsOf(before));
        const got =
          'error' in result ? (assert.equal(result.error, 'Unknown status parameter option'), 'error') : statusLetters(result.status);
        assert.equal(got, after);
      });
    }
  });

  describe('status helpers', () => {
    it('lists each letter once with a distinct bit', () => {
      assert.equal(new Set(STATUS_LETTERS).size, 12);
      assert.equal(new Set(Object.values(STATUS_BITS)).size, 12);
      assert.deepEqual([...STATUS_LETTERS].sort(), Object.keys(STATUS_BITS).sort());
    });
    it('statusLetters follows STATUS_LETTERS order', () => assert.equal(statusLetters(STATUS_BITS.H | STATUS_BITS.D), 'DH'));
    it('statusLetters of 0 is empty', () => assert.equal(statusLetters(0), ''));
    it('hasStatus reads one bit', () => {
      assert.ok(hasStatus(STATUS_BITS.D | STATUS_BITS.H, 'H'));
      assert.ok(!hasStatus(STATUS_BITS.D, 'S'));
    });
    it('unusable bits are U D S E C', () => assert.equal(statusLetters(NOT_USABLE_STATUS_BITS), 'DSECU'));
  });

  describe('setWorkerParam', () => {
    for (const [key, value, expected, stored] of WORKER_ROWS) {
      it(`${key}=${show(value)} → ${expected ?? 'ok'}`, () => {
        const params = defaultWorkerParams();
        assert.equal(setWorkerParam(params, key, value, PLAIN), expected);
        checkStored(params, stored);
      });
    }
    it('leaves the record untouched on error', () => {
      const params = defaultWorkerParams();
      setWorkerParam(params, 'status', 'H', PLAIN);
      assert.equal(setWorkerParam(params, 'status', '+D,E', PLAIN), 'Unknown status parameter option');
      assert.equal(setWorkerParam(params, 'loadfactor', '0', PLAIN), LF_ERROR);
      assert.deepEqual(params, { ...defaultWorkerParams(), status: STATUS_BITS.H });
    });
    it('applies status on top of the current flags', () => {
      const params = defaultWorkerParams();
      setWorkerParam(params, 'status', 'DH', PLAIN);
      setWorkerParam(params, 'status', '-D', PLAIN);
      assert.equal(statusLetters(params.status), 'H');
    });
    it('starts from loadfactor 1, lbset 0, no flags', () => {
      assert.deepEqual(defaultWorkerParams(), { lbfactor: 100, lbset: 0, status: 0, route: '', redirect: '' });
    });
    for (const key of WORKER_PARAMETER_KEYS) {
      it(`knows ${key} in any case`, () => {
        const message = setWorkerParam(defaultWorkerParams(), key.toUpperCase(), '', PLAIN);
        assert.notEqual(message, 'unknown Worker parameter');
      });
    }
  });

  describe('setWorkerParam with mod_proxy_hcheck', () => {
    for (const [key, value, expected, stored] of HCHECK_ROWS) {
      it(`${key}=${show(value)} → ${expected ?? 'ok'}`, () => {
        const params = defaultWorkerParams();
        assert.equal(setWorkerParam(params, key, value, HCHECK), expected);
        checkStored(params, stored);
      });
    }
    it('accepts any template or condition name when the context cannot tell', () => {
      const ctx: ParamContext = { hcheckLoaded: true, isLbmethodAvailable: () => false };
      assert.equal(setWorkerParam(defaultWorkerParams(), 'hctemplate', 'any', ctx), undefined);
      assert.equal(setWorkerParam(defaultWorkerParams(), 'hcexpr', 'any', ctx), undefined);
    });
    for (const key of WORKER_HCHECK_PARAMETER_KEYS) {
      it(`knows ${key} only with the module`, () => {
        assert.equal(setWorkerParam(defaultWorkerParams(), key, '', PLAIN), 'unknown Worker parameter');
        assert.notEqual(setWorkerParam(defaultWorkerParams(), key, '', HCHECK), 'unknown Worker hcheck parameter');
      });
    }
  });

  describe('setBalancerParam', () => {
    for (const [key, value, expected, stored] of BALANCER_ROWS) {
      it(`${key}=${show(value)} → ${expected ?? 'ok'}`, () => {
        const params: BalancerParams = {};
        assert.equal(setBalancerParam(params, key, value, PLAIN), expected);
        checkStored(params, stored);
      });
    }
    it('replaces failonstatus instead of appending', () => {
      const params: BalancerParams = {};
      setBalancerParam(params, 'failonstatus', '500,502', PLAIN);
      setBalancerParam(params, 'failonstatus', '503', PLAIN);
      assert.deepEqual(params.failonstatus, [503]);
    });
    it('leaves the record untouched on error', () => {
      const params: BalancerParams = { failonstatus: [500] };
      assert.equal(setBalancerParam(params, 'failonstatus', '502,abc', PLAIN), 'failonstatus must be one or more HTTP response codes');
      assert.deepEqual(params, { failonstatus: [500] });
    });
    for (const key of BALANCER_PARAMETER_KEYS) {
      it(`knows ${key} in any case`, () => {
        const message = setBalancerParam({}, key.toUpperCase(), '', PLAIN);
        assert.notEqual(message, 'unknown Balancer parameter');
      });
    }
    it('shares no key with the worker except timeout', () => {
      const shared = BALANCER_PARAMETER_KEYS.filter((key) => WORKER_PARAMETER_KEYS.includes(key));
      assert.deepEqual(shared, ['timeout']);
    });
  });

  describe('utf8Length', () => {
    const rows: readonly (readonly [string, number])[] = [
      ['', 0],
      ['abc', 3],
      ['\u00e9', 2],
      ['\u20ac', 3],
      ['\u{1f600}', 4],
      ['\ud800', 3], // a lone surrogate counts as one replacement character
    ];
    for (const [text, bytes] of rows) it(`${show(text)} → ${bytes}`, () => assert.equal(utf8Length(text), bytes));
  });
});
