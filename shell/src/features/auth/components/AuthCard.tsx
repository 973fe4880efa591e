import type { ReactNode } from 'react';
import { BRAND_COLOURS } from '@tablee/shared/core';

/**
 * The look of the public auth pages without antd (they load no antd, to start light), drawn
 * as antd draws them with the kernel theme (BRAND_COLOURS, the readable error red, borderRadius 6,
 * the system font).
 */
const C = BRAND_COLOURS;
const CSS = `
.ta-page{min-height:100vh;display:flex;align-items:center;justify-content:center;padding:16px;box-sizing:border-box;background:#f5f1ec;color:rgba(0,0,0,.88);font-size:14px;line-height:1.5714;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'Helvetica Neue',Arial,'Noto Sans',sans-serif,'Apple Color Emoji','Segoe UI Emoji','Segoe UI Symbol','Noto Color Emoji'}
.ta-page *,.ta-page *::before,.ta-page *::after{box-sizing:border-box}
.ta-card{width:100%;max-width:420px;background:#fff;border:1px solid #f0f0f0;border-radius:8px;padding:24px}
.ta-brand{display:block;text-align:center;font-weight:700;font-size:18px;color:${C.title}}
.ta-title{text-align:center;font-size:24px;font-weight:600;line-height:1.35;margin:8px 0 .5em}
.ta-form{display:flex;flex-direction:column;gap:12px}
.ta-input,.ta-password{width:100%;min-height:32px;border:1px solid #d9d9d9;border-radius:6px;background:#fff;color:inherit;font:inherit;transition:border-color .2s,box-shadow .2s}
.ta-input{padding:4px 11px}
.ta-input:hover,.ta-password:hover{border-color:${C.primaryHover}}
.ta-input:focus,.ta-password:focus-within{border-color:${C.primary};box-shadow:0 0 0 2px rgba(181,68,27,.1);outline:0}
.ta-password{display:flex;align-items:center;padding:0 11px}
.ta-password input{flex:1;min-width:0;border:0;outline:0;padding:4px 0;background:transparent;color:inherit;font:inherit}
.ta-eye{display:inline-flex;margin-left:4px;padding:2px;border:0;background:none;color:rgba(0,0,0,.45);cursor:pointer;border-radius:4px}
.ta-eye:hover{color:rgba(0,0,0,.88)}
.ta-eye:focus-visible{outline:2px solid ${C.primary};outline-offset:1px}
.ta-button{display:inline-flex;align-items:center;justify-content:center;gap:8px;width:100%;height:32px;padding:4px 15px;border:1px solid transparent;border-radius:6px;background:${C.primary};color:#fff;font:inherit;cursor:pointer;box-shadow:0 2px 0 rgba(181,68,27,.1);transition:background .2s}
.ta-button:hover:not(:disabled){background:${C.primaryHover}}
.ta-button:active:not(:disabled){background:${C.primaryActive}}
.ta-button:focus-visible{outline:3px solid rgba(181,68,27,.35);outline-offset:1px}
.ta-button:disabled{cursor:not-allowed;color:rgba(0,0,0,.25);background:rgba(0,0,0,.04);border-color:#d9d9d9;box-shadow:none}
.ta-spin{width:14px;height:14px;border:2px solid currentColor;border-right-color:transparent;border-radius:50%;animation:ta-spin 1s linear infinite}
@keyframes ta-spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.ta-spin{animation-duration:3s}.ta-input,.ta-password,.ta-button{transition:none}}
.ta-alert{display:flex;align-items:flex-start;gap:8px;padding:8px 12px;border:1px solid;border-radius:8px}
.ta-alert svg{flex:none;margin-top:4px}
.ta-alert-error{background:#fff2f0;border-color:#ffccc7;color:rgba(0,0,0,.88)}
.ta-alert-error svg{color:#c41d1f}
.ta-alert-success{background:#f6ffed;border-color:#b7eb8f;margin-bottom:16px}
.ta-alert-success svg{color:#52c41a}
.ta-help{color:#595959}
.ta-help-ok{color:#237804}
.ta-footer{margin-top:16px;text-align:center}
.ta-page a{color:${C.link};text-decoration:underline}
.ta-page a:hover{color:${C.linkHover}}
`;

/** The centred card of the public auth pages. */
export function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer: ReactNode }) {
  return (
    <main className="ta-page">
      {/* React 19 hoists this into <head>, once for both pages. */}
      <style href="tablee-auth" precedence="default">
        {CSS}
      </style>
      <div className="ta-card">
        <span className="ta-brand">Tablée</span>
        <h1 className="ta-title">{title}</h1>
        {children}
        <div className="ta-footer">{footer}</div>
      </div>
    </main>
  );
}

/** antd's Alert with its icon (error, or success). */
export function AuthAlert({ type, children }: { type: 'error' | 'success'; children: ReactNode }) {
  return (
    <div className={`ta-alert ta-alert-${type}`} role={type === 'error' ? 'alert' : 'status'}>
      <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <circle cx="8" cy="8" r="8" fill="currentColor" />
        {type === 'error' ? (
          <path d="M5.5 5.5l5 5M10.5 5.5l-5 5" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
        ) : (
          <path d="M4.8 8.2l2.1 2.1 4.3-4.4" fill="none" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
        )}
      </svg>
      <div>{children}</div>
    </div>
  );
}

/** The primary submit button, with antd's loading spinner while a request is pending. */
export function SubmitButton({ pending, disabled, children }: { pending: boolean; disabled: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="ta-button" disabled={disabled} aria-busy={pending || undefined}>
      {pending && <span className="ta-spin" aria-hidden="true" />}
      {children}
    </button>
  );
}
