/** The chat's look: the request page's colours, phone first (the panel fills a phone's screen width). */
export const CHAT_CSS = `
.ch-panel{display:flex;flex-direction:column;margin:16px 0;border:1px solid #d9d9d9;border-radius:12px;background:#fff;overflow:hidden}
.ch-head{display:flex;align-items:center;justify-content:space-between;padding:8px 12px;background:#b5441b;color:#fff}
.ch-title{margin:0!important;font-weight:600}
.ch-close{width:44px;height:44px;border:0;background:none;color:#fff!important;font-size:26px;cursor:pointer}
.ch-log{list-style:none;margin:0;padding:12px;display:flex;flex-direction:column;gap:8px;max-height:60vh;min-height:160px;overflow-y:auto}
.ch-hint{color:#595959;font-size:15px}
.ch-line{display:flex;flex-direction:column;max-width:85%}
.ch-who{font-size:12px;font-weight:600;color:#595959}
.ch-text{padding:8px 12px;border-radius:12px;white-space:pre-wrap;overflow-wrap:anywhere}
.ch-customer{align-self:flex-end;text-align:right}
.ch-customer .ch-text{background:#b5441b;color:#fff}
.ch-assistant .ch-text{background:#f5f5f5}
.ch-staff .ch-text{background:#fff7e6;border:1px solid #ffd591}
.ch-suggestions{display:flex;flex-wrap:wrap;gap:8px;padding:0 12px 8px}
.ch-suggestions button{min-height:40px;padding:6px 12px;border:1px solid #b5441b;border-radius:20px;background:#fff;color:#a33d17!important;cursor:pointer}
.ch-error{margin:0 12px 8px!important;color:#c41d1f;font-size:14px}
.ch-form{display:flex;gap:8px;padding:8px 12px 12px;border-top:1px solid #f0f0f0}
.ch-form textarea{flex:1;min-height:44px;padding:8px 12px;border:1px solid #8c8c8c;border-radius:6px;resize:none}
.ch-form button{min-width:88px;min-height:44px;border:0;border-radius:6px;background:#b5441b;color:#fff!important;font-weight:600;cursor:pointer}
.ch-form button:disabled{opacity:.6;cursor:not-allowed}
`;
