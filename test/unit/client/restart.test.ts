/**
 * Restart Server (client/src/restart.ts) against a client that behaves as vscode-languageclient's
 * does: a stop that times out rejects and leaves the client stopped, and a stopped client starts
 * only when asked to start.
 */
import assert from 'node:assert/strict';
import { Restartable, restartServer, serialRestarts } from '../../../client/src/restart';

type State = 'running' | 'stopped' | 'failed';

/** A client whose stop succeeds, or rejects as vscode-languageclient's does after its two-second timeout (state stopped). */
function fakeClient(state: State, stopFails = false): Restartable & { state: State; starts: number } {
  return {
    state,
    starts: 0,
    isRunning() {
      return this.state === 'running';
    },
    async stop() {
      this.state = 'stopped';
      if (stopFails) throw new Error('Stopping the server timed out');
    },
    async start() {
      this.starts++;
      this.state = 'running';
    },
  };
}

describe('Restart Server', () => {
  it('stops a running server and starts a new one', async () => {
    const client = fakeClient('running');
    const warnings: string[] = [];
    await restartServer(client, (message) => warnings.push(message));
    assert.deepEqual([client.state, client.starts, warnings], ['running', 1, []]);
  });

  it('starts a new server when the old one does not stop in time, and says so in the log', async () => {
    const client = fakeClient('running', true);
    const warnings: string[] = [];
    await restartServer(client, (message) => warnings.push(message));
    assert.deepEqual([client.state, client.starts], ['running', 1]);
    assert.equal(warnings.length, 1);
    assert.match(warnings[0]!, /did not stop cleanly \(Stopping the server timed out\); starting a new one/);
  });

  for (const state of ['stopped', 'failed'] as const) {
    it(`starts a ${state} server again`, async () => {
      const client = fakeClient(state);
      await restartServer(client, () => assert.fail('nothing to warn about'));
      assert.deepEqual([client.state, client.starts], ['running', 1]);
    });
  }

  it('joins a restart under way instead of starting a second one while the client is stopping', async () => {
    let stops = 0;
    let release: () => void = () => undefined;
    let state: 'running' | 'stopping' | 'stopped' = 'running';
    let starts = 0;
    // As vscode-languageclient: not running while stopping, and start() refuses a client that is stopping.
    const client: Restartable = {
      isRunning: () => state === 'running',
      stop() {
        stops++;
        state = 'stopping';
        return new Promise<void>((resolve) => (release = () => ((state = 'stopped'), resolve())));
      },
      async start() {
        if (state === 'stopping') throw new Error('Client is currently stopping. Can only restart a full stopped client');
        starts++;
        state = 'running';
      },
    };
    const restart = serialRestarts(client, () => assert.fail('nothing to warn about'));
    const first = restart();
    const second = restart();
    assert.equal(second, first);
    release();
    await Promise.all([first, second]);
    assert.deepEqual([state, stops, starts], ['running', 1, 1]);
    // Once it is over, the next click restarts again.
    const third = restart();
    assert.notEqual(third, first);
    release();
    await third;
    assert.deepEqual([state, stops, starts], ['running', 2, 2]);
  });
});
