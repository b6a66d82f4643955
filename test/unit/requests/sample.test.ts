import { strict as assert } from 'node:assert';
import { sampleMatch } from '../../../server/src/core/requests/sample';

describe('request model: a sample path a pattern matches', () => {
  const cases: [pattern: string, expected: string | undefined][] = [
    ['^/api/(.*)$', '/api/x'],
    ['^/v(\\d+)/(.*)$', '/v1/x'],
    ['^/(.*\\.php(/.*)?)$', '/x.php/x'],
    ['^/([^/]+)/items$', '/x/items'],
    ['^/(images|css)/', '/images/'],
    ['^/(?:a|b)[0-9]{2}$', '/a00'],
    ['^/[^x]$', '/a'],
    ['^/file\\.txt$', '/file.txt'],
    ['^/opt/?$', '/opt/'],
    // A pattern no short sample matches, and one the bounded matcher does not evaluate: no example.
    ['^/(a)\\1$', undefined],
    ['^/(?=x)y', undefined],
    ['((a{1000}){1000}){1000}', undefined],
  ];
  for (const [pattern, expected] of cases) it(`${pattern} → ${String(expected)}`, () => assert.equal(sampleMatch(pattern), expected));
});
