// Real-world mistakes as pairs under test/real-mistakes/<rule-id>/: `NN-name.bad.conf` shows the
// mistake, `NN-name.good.conf` its correction. Each file starts with comment lines naming its
// source (`# source:`), the symptom (`# symptom:`) and the request that shows it (`# probe: PATH`).
// The Apache suites start a real Apache on each file.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '../..');

/** One mistake and its correction. */
export interface MistakePair {
  readonly name: string;
  readonly bad: string;
  readonly good: string;
  readonly source: string;
  /** The request path (or absolute URL, for a forward proxy) that shows the symptom. */
  readonly probe: string;
}

/** The pairs of `test/real-mistakes/<ruleId>/`, in name order; fails on a lone half or a missing header. */
export function mistakePairs(ruleId: string): MistakePair[] {
  const dir = join(ROOT, 'test/real-mistakes', ruleId);
  const names = readdirSync(dir).filter((file) => file.endsWith('.conf'));
  const stems = [...new Set(names.map((file) => file.replace(/\.(bad|good)\.conf$/, '')))].sort();
  return stems.map((stem) => {
    assert.ok(names.includes(`${stem}.bad.conf`) && names.includes(`${stem}.good.conf`), `${stem}: a .bad.conf and a .good.conf`);
    const bad = readFileSync(join(dir, `${stem}.bad.conf`), 'utf8');
    const good = readFileSync(join(dir, `${stem}.good.conf`), 'utf8');
    const header = (key: string): string => {
      const value = new RegExp(`^# ${key}: (.+)$`, 'm').exec(bad)?.[1];
      assert.ok(value, `${stem}.bad.conf has no "# ${key}:" line`);
      return value.trim();
    };
    return { name: stem, bad, good, source: header('source'), probe: header('probe') };
  });
}
