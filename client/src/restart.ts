/** Restart Server, apart from VS Code's API so that a test can drive it. */

/** What Restart Server needs of the language client (vscode-languageclient's LanguageClient). */
export interface Restartable {
  isRunning(): boolean;
  stop(): Promise<void>;
  start(): Promise<void>;
}

/**
 * Stops a running server and starts a new one, whatever state the client was left in. Not the
 * client's own `restart()`: it starts nothing when the stop fails or times out (two seconds, which
 * a busy or loaded machine can pass), and the server then stays stopped; the client kills an old
 * process that did not exit. A stopped or failed client is started again too.
 */
export async function restartServer(client: Restartable, warn: (message: string) => void): Promise<void> {
  if (client.isRunning()) {
    try {
      await client.stop();
    } catch (error) {
      warn(
        `Restart Server: the server did not stop cleanly (${error instanceof Error ? error.message : String(error)}); starting a new one`,
      );
    }
  }
  await client.start();
}

/**
 * Restart Server as the command runs it: a click while a restart is under way joins it instead of
 * starting a second one, which would find the client still stopping and fail ("Client is currently
 * stopping") while the first goes on.
 */
export function serialRestarts(client: Restartable, warn: (message: string) => void): () => Promise<void> {
  let underWay: Promise<void> | undefined;
  return () =>
    (underWay ??= restartServer(client, warn).finally(() => {
      underWay = undefined;
    }));
}
