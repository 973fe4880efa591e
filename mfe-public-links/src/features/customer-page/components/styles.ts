/**
 * The customer's page's look, without antd (which this light page does not load), as the request page
 * draws its own: antd's sizes and the kernel theme's colours, phone first (from 320 px), touch targets
 * of 44 px.
 */
export const CUSTOMER_PAGE_CSS = `
.cp-page{box-sizing:border-box;max-width:640px;margin:0 auto;padding:16px 16px 32px;background:#fff;min-height:100vh;color:rgba(0,0,0,.88);font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'Helvetica Neue',Arial,'Noto Sans',sans-serif;font-size:16px;line-height:1.5;overflow-wrap:anywhere}
.cp-page *,.cp-page *::before,.cp-page *::after{box-sizing:border-box}
.cp-page h1{font-size:24px;line-height:1.3;margin:12px 0 4px;color:#8a3414}
.cp-page h2{font-size:20px;margin:0 0 8px;color:#8a3414}
.cp-page h3{font-size:17px;margin:12px 0 4px}
.cp-page p{margin:0 0 8px}
.cp-page a{color:#a33d17}
.cp-page button,.cp-page input,.cp-page select,.cp-page textarea{font:inherit;color:inherit}
.cp-page :focus-visible{outline:3px solid rgba(181,68,27,.45);outline-offset:2px}
.cp-muted{color:#595959}
.cp-notice{margin:24px 0;padding:16px;border:1px solid #d9d9d9;border-radius:8px;background:#fafafa}
.cp-status{margin:12px 0 16px;padding:12px 16px;border-radius:8px;border:1px solid #d9d9d9;background:#fafafa}
.cp-status-title{font-weight:600;font-size:17px;margin:0}
.cp-status[data-tone=ok]{background:#f6ffed;border-color:#b7eb8f}
.cp-status[data-tone=wait]{background:#fff7e6;border-color:#ffd591}
.cp-status[data-tone=off]{background:#fff2f0;border-color:#ffccc7}
.cp-section{margin:0 0 16px;padding:16px 0 0;border-top:1px solid #f0f0f0}
.cp-list{margin:0;padding:0;list-style:none}
.cp-list li{display:flex;justify-content:space-between;gap:12px;padding:4px 0}
.cp-list li>span:first-child{color:#595959;flex:none;white-space:nowrap}
.cp-list li>span:last-child{text-align:right;font-weight:500}
.cp-allergies{color:#c41d1f}
.cp-bank{margin:8px 0;padding:12px;border:1px solid #d9d9d9;border-radius:8px;background:#fafafa}
.cp-bank dl{margin:0;display:grid;grid-template-columns:auto 1fr;gap:4px 12px}
.cp-bank dt{color:#595959}
.cp-bank dd{margin:0;font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:15px}
.cp-field{margin-bottom:16px}
.cp-field>label,.cp-legend{display:block;font-weight:600;margin-bottom:6px;padding:0}
.cp-fieldset{border:0;padding:0;margin:0;min-width:0}
.cp-row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.cp-page input,.cp-page select,.cp-page textarea{display:block;width:100%;min-height:44px;padding:8px 12px;border:1px solid #8c8c8c;border-radius:6px;background:#fff}
.cp-page [aria-invalid=true]{border-color:#c41d1f!important}
.cp-hint{font-size:14px;color:#595959}
.cp-error{margin:4px 0 0;font-size:14px;color:#c41d1f}
.cp-error:empty{display:none}
.cp-saved{margin:4px 0 0;font-size:14px;color:#135200}
.cp-saved:empty{display:none}
.cp-actions{display:flex;flex-wrap:wrap;gap:8px;margin-top:8px}
.cp-button{min-height:48px;padding:8px 16px;border:0;border-radius:6px;background:#b5441b;color:#fff!important;font-weight:600;cursor:pointer;text-decoration:none;display:inline-flex;align-items:center;justify-content:center}
.cp-button:hover{background:#9c3a17}
.cp-button:disabled{opacity:.7;cursor:progress}
.cp-secondary{min-height:44px;padding:8px 16px;border:1px solid #b5441b;border-radius:6px;background:#fff;color:#a33d17!important;cursor:pointer;text-decoration:none;display:inline-flex;align-items:center;justify-content:center}
.cp-secondary:disabled{color:#bfbfbf!important;border-color:#d9d9d9;cursor:not-allowed}
.cp-danger{min-height:48px;padding:8px 16px;border:0;border-radius:6px;background:#c41d1f;color:#fff!important;font-weight:600;cursor:pointer}
.cp-danger:disabled{opacity:.7;cursor:progress}
.cp-confirm{margin-top:8px;padding:16px;border:1px solid #ffccc7;border-radius:8px;background:#fff2f0}
.cp-cost{font-weight:600}
.cp-guest{padding:12px;border:1px solid #d9d9d9;border-radius:8px}
.cp-guest-nav{display:flex;align-items:center;justify-content:space-between;gap:8px;margin-bottom:8px}
.cp-guest-nav p{margin:0;font-weight:600}
.cp-progress{font-weight:600}
.cp-messages{list-style:none;margin:0 0 12px;padding:0;display:grid;gap:8px}
.cp-message{padding:8px 12px;border-radius:8px;background:#f5f5f5;max-width:90%}
.cp-message[data-role=user]{background:#fff7e6;justify-self:end}
.cp-message-author{font-size:13px;color:#595959;margin:0}
.cp-message p{white-space:pre-wrap}
.cp-footer{margin-top:32px;font-size:13px;color:#595959;text-align:center}
@media (min-width:720px){.cp-page{margin:24px auto;border-radius:12px;box-shadow:0 1px 4px rgba(0,0,0,.08)}}
`;
