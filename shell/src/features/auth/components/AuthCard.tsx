import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';

/** The centred card of the public auth pages. */
export function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer: ReactNode }) {
  return (
    <main style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 16, background: '#f5f1ec' }}>
      <Card style={{ width: '100%', maxWidth: 420 }}>
        <Typography.Text style={{ display: 'block', textAlign: 'center', fontWeight: 700, fontSize: 18, color: '#8a3414' }}>Tablée</Typography.Text>
        <Typography.Title level={1} style={{ textAlign: 'center', fontSize: 24, marginTop: 8 }}>
          {title}
        </Typography.Title>
        {children}
        <div style={{ marginTop: 16, textAlign: 'center' }}>{footer}</div>
      </Card>
    </main>
  );
}
