import fs from 'node:fs';

export default async function globalTeardown() {
  const stack = (globalThis as { __profileStack?: { stop(): Promise<void>; dataDir: string } }).__profileStack;
  if (!stack) return;
  await stack.stop();
  fs.rmSync(stack.dataDir, { recursive: true, force: true });
}
