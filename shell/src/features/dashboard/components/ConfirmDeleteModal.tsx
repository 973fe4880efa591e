import { AppProviders } from '@tablee/shared';
import { Modal } from 'antd';
import { useState } from 'react';

/**
 * The confirmation before deleting a restaurant, a chunk of its own: antd's Modal is downloaded on the
 * first 'Supprimer', not with the dashboard (which has no antd). The confirm button waits for the deletion.
 * In the kernel's providers: the light start of /dashboard has none (no antd theme or locale) until the
 * full application takes over; inside the full application they are the same ones again.
 */
export default function ConfirmDeleteModal({ name, onConfirm, onClose }: { name: string; onConfirm: () => Promise<void>; onClose: () => void }) {
  const [pending, setPending] = useState(false);
  const confirm = () => {
    setPending(true);
    onConfirm().finally(onClose);
  };
  return (
    <AppProviders>
      <Modal
        open
        title={`Supprimer « ${name} » ?`}
        okText="Supprimer"
        okButtonProps={{ danger: true }}
        cancelText="Annuler"
        confirmLoading={pending}
        onOk={confirm}
        onCancel={onClose}
        maskClosable={false}
      >
        Le restaurant sera supprimé définitivement, avec ses photos, ses menus, ses réservations et ses conversations. Cette action est irréversible.
      </Modal>
    </AppProviders>
  );
}
