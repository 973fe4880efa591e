import fs from 'node:fs';

export default async function globalTeardown() {
  const stack = (globalThis as { __onboardingStack?: { stop(): Promise<void>; dataDir: string } }).__onboardingStack;
  if (!stack) return;
  await stack.stop();
  fs.rmSync(stack.dataDir, { recursive: true, force: true });
}
