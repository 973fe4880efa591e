import { Alert } from 'antd';
import { Outlet, useLocation } from 'react-router';
import { AppFrame } from './AppFrame';

/**
 * Layout of the protected area (spec §2): the frame and its header (AppFrame, antd-free: the light start
 * of /dashboard draws the same). A page reached with `{ notice }` in its history state (a password
 * reset) shows it once, on top.
 */
export function ProtectedLayout() {
  const notice = (useLocation().state as { notice?: unknown } | null)?.notice;
  return (
    <AppFrame>
      {typeof notice === 'string' && <Alert type="success" showIcon closable title={notice} style={{ marginBottom: 16 }} />}
      <Outlet />
    </AppFrame>
  );
}
