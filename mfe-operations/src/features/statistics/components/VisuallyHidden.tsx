import type { ReactNode } from 'react';

/** Read by screen readers, not drawn: a chart's figures as a table (its text alternative). */
const HIDDEN = { position: 'absolute', width: 1, height: 1, padding: 0, margin: -1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0 } as const;

export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <div style={HIDDEN}>{children}</div>;
}
