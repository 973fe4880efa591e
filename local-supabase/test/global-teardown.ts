import fs from 'node:fs';
import type { LaunchedStack } from './launch';

export default async function globalTeardown() {
  const stack = (globalThis as { __tableeStack?: LaunchedStack }).__tableeStack;
  if (!stack) return;
  await stack.stop();
  fs.rmSync(stack.dataDir, { recursive: true, force: true });
}
