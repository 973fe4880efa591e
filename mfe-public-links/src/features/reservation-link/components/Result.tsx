import { BRAND_COLOURS } from '@tablee/shared/core';
import type { ReactNode } from 'react';

/**
 * The page's outcome, drawn as antd's <Result> draws it (icon, title, text) without antd, which this
 * light page does not load. Colours: antd's status colours, with the kernel theme's
 * readable error red (shared/src/ui/AppProviders.tsx).
 */
export type ResultStatus = 'info' | 'success' | 'warning' | 'error';

const COLOUR: Record<ResultStatus, string> = { info: '#1677ff', success: '#52c41a', warning: '#faad14', error: '#c41d1f' };

// The filled circle icons of @ant-design/icons (CheckCircleFilled, InfoCircleFilled, ExclamationCircleFilled, CloseCircleFilled), as plain paths.
const MARK: Record<ResultStatus, ReactNode> = {
  success: <path d="M21 36.5l10 10 20-20" fill="none" stroke="#fff" strokeWidth="7" strokeLinecap="round" strokeLinejoin="round" />,
  info: (
    <>
      <circle cx="36" cy="22" r="4.5" fill="#fff" />
      <rect x="32" y="31" width="8" height="24" rx="4" fill="#fff" />
    </>
  ),
  warning: (
    <>
      <rect x="32" y="16" width="8" height="26" rx="4" fill="#fff" />
      <circle cx="36" cy="52" r="4.5" fill="#fff" />
    </>
  ),
  error: <path d="M25 25l22 22M47 25L25 47" fill="none" stroke="#fff" strokeWidth="7" strokeLinecap="round" />,
};

const CSS = `
.tl-result{padding:48px 32px;text-align:center;color:rgba(0,0,0,.88);font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'Helvetica Neue',Arial,'Noto Sans',sans-serif;font-size:14px;line-height:1.5714}
.tl-result svg{display:block;margin:0 auto 24px}
.tl-result h1{margin:8px 0;font-size:24px;font-weight:400;line-height:1.3333}
.tl-result p{max-width:40rem;margin:0 auto 1em}
.tl-result .tl-warnings{max-width:32rem;margin:0 auto 1em;padding:12px 16px;border:1px solid #ffd591;border-radius:8px;background:#fff7e6;color:#612500;text-align:left}
.tl-result .tl-warnings p:last-child{margin-bottom:0}
.tl-result .tl-button{display:inline-block;padding:8px 20px;border:0;border-radius:6px;background:${BRAND_COLOURS.primary};color:#fff;font:inherit;font-weight:600;text-decoration:none;cursor:pointer}
.tl-result .tl-button:disabled{opacity:.6;cursor:default}
.tl-result .tl-undo{max-width:32rem;margin:0 auto 1em;padding:12px 16px;border:1px solid #d9d9d9;border-radius:8px}
.tl-result .tl-undo p:last-child{margin-bottom:0}
`;

export function Result({ status, title, children }: { status: ResultStatus; title: string; children?: ReactNode }) {
  return (
    <main className="tl-result" role={status === 'info' ? 'status' : undefined}>
      {/* React 19 hoists this into <head>, once, whichever component renders it. */}
      <style href="tablee-link-result" precedence="default">
        {CSS}
      </style>
      <svg width="72" height="72" viewBox="0 0 72 72" aria-hidden="true" focusable="false">
        <circle cx="36" cy="36" r="36" fill={COLOUR[status]} />
        {MARK[status]}
      </svg>
      <h1>{title}</h1>
      {children}
    </main>
  );
}
