import fs from 'node:fs';

export default async function globalTeardown() {
  const stacks = (globalThis as { __shellStacks?: { stop(): Promise<void>; dataDir: string }[] }).__shellStacks ?? [];
  for (const stack of stacks) {
    await stack.stop();
    fs.rmSync(stack.dataDir, { recursive: true, force: true });
  }
}
