import nodeConsole from 'node:console';

// happy-dom reports every iframe and script it is told not to load (these tests must never fetch the
// portal) with console.error on Node's own console. Drop exactly those reports; real errors stay visible.
const original = nodeConsole.error.bind(nodeConsole);
nodeConsole.error = (...args: unknown[]) => {
  const message = (args[0] as { message?: unknown } | null)?.message;
  if (typeof message === 'string' && /(page|file) loading is disabled/.test(message)) return;
  original(...args);
};
