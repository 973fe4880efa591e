import { PageFrame, Toast, useToast } from '@tablee/shared';
import { FaqManager } from '@tablee/sections';
import { useParams } from 'react-router';

/** 'Foire Aux Questions': every add, edit, delete and move is stored at once, with its toast. */
export function FaqPage() {
  const { restaurantId = '' } = useParams();
  const { toast, showToast, closeToast } = useToast();
  return (
    <PageFrame title="Foire Aux Questions">
      <FaqManager restaurantId={restaurantId} notify={showToast} />
      <Toast toast={toast} onClose={closeToast} />
    </PageFrame>
  );
}
