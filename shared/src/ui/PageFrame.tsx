/** The frame of every page: optional back link, title, subtitle, actions. */
import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface PageFrameProps {
  title: ReactNode;
  subtitle?: ReactNode;
  back?: { to: string; label: string };
  actions?: ReactNode;
  children?: ReactNode;
}

export function PageFrame({ title, subtitle, back, actions, children }: PageFrameProps) {
  return (
    <section style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      {back && (
        <Link to={back.to} style={{ alignSelf: 'flex-start' }}>
          {back.label}
        </Link>
      )}
      <header style={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 16, flexWrap: 'wrap' }}>
        <div>
          <Typography.Title level={1} style={{ margin: 0, fontSize: 26 }}>
            {title}
          </Typography.Title>
          {subtitle && <Typography.Paragraph style={{ margin: '4px 0 0', color: 'rgba(0,0,0,0.65)' }}>{subtitle}</Typography.Paragraph>}
        </div>
        {actions}
      </header>
      {children}
    </section>
  );
}
