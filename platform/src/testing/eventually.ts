/**
 * Retries a check until it holds: until it answers something other than `false` without throwing, and
 * answers that. Past the time it throws the check's last error, or says the condition was not reached.
 * The one polling helper of every test that waits for something asynchronous (a projection, a socket
 * message, a server starting); tests never sleep a guessed time instead.
 */
export const eventually = async <T>(check: () => T | Promise<T>, timeoutMs = 5000, intervalMs = 20): Promise<Exclude<T, false>> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let failure: unknown = null;
    try {
      const result = await check();
      if (result !== false) return result as Exclude<T, false>;
    } catch (error) {
      failure = error;
    }
    if (Date.now() > deadline) {
      if (failure instanceof Error) throw failure;
      throw new Error(`condition not reached within ${timeoutMs} ms${failure === null ? '' : `: ${JSON.stringify(failure)}`}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
};
