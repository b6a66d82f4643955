/** Root hooks for `npm run test:e2e`: the one code-server of the run stops when the run ends. */
import { stopCodeServer } from './harness/codeServer';

export const mochaHooks = {
  async afterAll(): Promise<void> {
    await stopCodeServer();
  },
};
