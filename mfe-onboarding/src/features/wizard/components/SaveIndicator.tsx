import { SAVE_ERROR_MESSAGE } from '@tablee/sections';
import { Button, Space, Spin, Typography } from 'antd';
import type { AutosaveState } from '../../../lib/autosave';

/** antd's success green is too light for text on the page background (contrast < 4.5:1). */
const SAVED_GREEN = '#2f6b12';

/** The autosave state, always visible and announced to screen readers: saved / saving / saved but for fields refused / error. */
export function SaveIndicator({ state, onRetry }: { state: AutosaveState; onRetry: () => void }) {
  return (
    <div role="status" aria-live="polite" data-testid="save-indicator" data-status={state.status} style={{ minHeight: 24 }}>
      {state.status === 'saved' && <Typography.Text style={{ color: SAVED_GREEN }}>✓ Enregistré</Typography.Text>}
      {(state.status === 'pending' || state.status === 'saving') && (
        <Space size={8}>
          <Spin size="small" />
          <Typography.Text type="secondary">Enregistrement…</Typography.Text>
        </Space>
      )}
      {state.status === 'invalid' && <Typography.Text type="danger">Enregistré, sauf les champs signalés en rouge : corrigez-les.</Typography.Text>}
      {state.status === 'error' && (
        <Space wrap>
          <Typography.Text type="danger">{SAVE_ERROR_MESSAGE}</Typography.Text>
          <Button size="small" onClick={onRetry}>
            Réessayer
          </Button>
        </Space>
      )}
    </div>
  );
}
