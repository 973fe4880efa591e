import fs from 'node:fs';
import type { LaunchedStack } from '../../local-supabase/test/launch';

export default async function globalTeardown() {
  const stack = (globalThis as { __tableeReservationStack?: LaunchedStack }).__tableeReservationStack;
  if (!stack) return;
  await stack.stop();
  fs.rmSync(stack.dataDir, { recursive: true, force: true });
}
