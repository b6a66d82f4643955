/** workspace/configuration: the `balancerLens` settings pulled from the client. */
import type { Connection } from 'vscode-languageserver/node';
import { readSettings, Settings } from '../settings';

/** The client's settings, or undefined when it answers with an error (the current ones stay). */
export async function pullSettings(connection: Connection): Promise<Settings | undefined> {
  let pulled: unknown;
  try {
    pulled = await connection.workspace.getConfiguration('balancerLens');
  } catch (error) {
    // A client that answers with an error must not take the server down (an unhandled rejection would).
    connection.console.warn(
      `balancer-lens: could not read the settings, keeping the current ones: ${error instanceof Error ? error.message : String(error)}`,
    );
    return undefined;
  }
  return readSettings(pulled, (message) => connection.console.warn(`balancer-lens: ${message}`));
}
