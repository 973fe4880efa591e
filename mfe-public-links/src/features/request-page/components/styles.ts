/**
 * The request page's look, without antd (which this light page does not load): antd's sizes and the
 * kernel theme's colours (BRAND_COLOURS), phone first (from 320 px), larger touch targets.
 */
export const REQUEST_PAGE_CSS = `
.rq-page{box-sizing:border-box;max-width:640px;margin:0 auto;padding:16px 16px 32px;background:#fff;min-height:100vh;color:rgba(0,0,0,.88);font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'Helvetica Neue',Arial,'Noto Sans',sans-serif;font-size:16px;line-height:1.5}
.rq-page *,.rq-page *::before,.rq-page *::after{box-sizing:border-box}
.rq-page h1{font-size:24px;line-height:1.3;margin:12px 0 4px;color:#8a3414}
.rq-page h2{font-size:22px;margin:0 0 8px;color:#8a3414}
.rq-page h3{font-size:17px;margin:16px 0 4px}
.rq-page p{margin:0 0 8px}
.rq-page a{color:#a33d17}
.rq-page button,.rq-page input,.rq-page select,.rq-page textarea{font:inherit;color:inherit}
.rq-page :focus-visible{outline:3px solid rgba(181,68,27,.45);outline-offset:2px}
.rq-header img{display:block;width:100%;height:auto;max-height:240px;object-fit:cover;border-radius:8px}
.rq-lead{font-weight:600;margin-top:8px}
.rq-muted{color:#595959}
.rq-block{display:block;font-size:14px}
.rq-notice{margin:24px 0;padding:16px;border:1px solid #d9d9d9;border-radius:8px;background:#fafafa}
.rq-form{margin-top:16px}
.rq-fieldset{border:0;padding:0;margin:0 0 16px;min-width:0}
.rq-fieldset legend,.rq-field>label{display:block;font-weight:600;margin-bottom:6px;padding:0}
.rq-field{margin-bottom:16px}
.rq-row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.rq-row .rq-field{margin-bottom:4px}
.rq-page input:not([type=radio]):not([type=checkbox]),.rq-page select,.rq-page textarea{display:block;width:100%;min-height:44px;padding:8px 12px;border:1px solid #8c8c8c;border-radius:6px;background:#fff}
.rq-page [aria-invalid=true]{border-color:#c41d1f!important}
.rq-choices{display:grid;gap:8px}
.rq-choice{display:flex;gap:10px;align-items:flex-start;min-height:44px;padding:10px 12px;border:1px solid #d9d9d9;border-radius:6px;cursor:pointer}
.rq-choice input{width:20px;height:20px;margin:2px 0 0;flex:none;accent-color:#b5441b}
.rq-field>label.rq-choice{display:flex;border:0;padding:4px 0;font-weight:400}
.rq-hint{font-size:14px;color:#595959}
.rq-error{margin:4px 0 0;font-size:14px;color:#c41d1f}
.rq-error:empty{display:none}
.rq-summary{margin-bottom:16px;padding:12px 16px;border:1px solid #ffccc7;border-radius:8px;background:#fff2f0;color:#820014}
.rq-summary.rq-empty{display:none}
.rq-calendar{border:1px solid #d9d9d9;border-radius:8px;padding:8px;max-width:360px}
.rq-calendar.rq-invalid{border-color:#c41d1f}
.rq-calendar-head{display:flex;align-items:center;justify-content:space-between}
.rq-calendar-head button{width:44px;height:44px;border:0;background:none;font-size:24px;cursor:pointer;border-radius:6px}
.rq-calendar-head button:disabled{color:#bfbfbf;cursor:not-allowed}
.rq-month{margin:0;font-weight:600}
.rq-calendar table{width:100%;border-collapse:collapse;table-layout:fixed}
.rq-calendar th{font-size:13px;font-weight:600;color:#595959;padding:4px 0}
.rq-calendar td{padding:2px;text-align:center}
.rq-day{width:100%;max-width:44px;aspect-ratio:1;min-height:36px;border:1px solid transparent;border-radius:50%;background:#f6ffed;color:#135200;font-weight:600;cursor:pointer}
.rq-day:hover{border-color:#b5441b}
.rq-day:disabled{background:none;color:#8c8c8c;font-weight:400;text-decoration:line-through;cursor:not-allowed}
.rq-day[aria-pressed=true]{background:#b5441b;color:#fff}
.rq-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.rq-trap{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
.rq-estimate{margin:0 0 16px;padding:12px 16px;border-radius:8px;background:#fff7e6;border:1px solid #ffd591}
.rq-estimate-title{font-weight:600}
.rq-estimate ul{list-style:none;padding:0;margin:0 0 8px}
.rq-estimate li,.rq-total{display:flex;justify-content:space-between;gap:12px}
.rq-total{border-top:1px solid #ffd591;padding-top:6px}
.rq-submit{width:100%;min-height:48px;border:0;border-radius:6px;background:#b5441b;color:#fff!important;font-weight:600;font-size:17px;cursor:pointer}
.rq-submit:hover{background:#9c3a17}
.rq-submit:disabled{opacity:.7;cursor:progress}
.rq-link-button{min-height:44px;padding:8px 16px;border:1px solid #b5441b;border-radius:6px;background:#fff;color:#a33d17!important;cursor:pointer}
.rq-sent{margin-top:16px;padding:16px;border:1px solid #b7eb8f;border-radius:8px;background:#f6ffed}
.rq-sent ul{padding-left:20px}
.rq-promise{font-weight:600}
.rq-footer{margin-top:32px;font-size:13px;color:#595959;text-align:center}
.rq-privacy{margin-top:24px;font-size:13px;color:#595959}
.rq-privacy h2{font-size:14px;margin:0 0 4px}
.rq-privacy ul{margin:0;padding-left:18px}
@media (min-width:720px){.rq-page{margin:24px auto;border-radius:12px;box-shadow:0 1px 4px rgba(0,0,0,.08)}}
`;
