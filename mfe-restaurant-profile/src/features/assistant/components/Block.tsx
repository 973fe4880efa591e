import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';

/** A card of 'Votre assistant', its title a level-3 heading. */
export function Block({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <Card
      size="small"
      title={
        <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
          {title}
        </Typography.Title>
      }
      extra={extra}
    >
      {children}
    </Card>
  );
}
