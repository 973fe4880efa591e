import { ClosuresManager, HoursForm, hoursApi } from '@tablee/sections';
import { Toast, TOAST_AUTO_CLOSE_MS, type ToastMessage, type ToastType } from '@tablee/shared';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { SectionEditTab } from '../../../components/SectionEditTab';

/** The 'hours' tab (spec §2 'Horaires & Fonctionnement'), and below it the exceptional closures, stored as they are changed. */
export function HoursPage() {
  const { restaurantId = '' } = useParams();
  // The closures' own toast; not useToast, which would show the hours' stored toast a second time.
  const [toast, setToast] = useState<ToastMessage | null>(null);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), TOAST_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [toast]);
  return (
    <SectionEditTab
      title="Horaires & Fonctionnement"
      api={hoursApi}
      messages={{
        success: 'Les horaires ont été enregistrés avec succès !',
        nothingStored: "Rien n'est encore enregistré ici : les horaires affichés sont une proposition. Enregistrez-les pour que votre assistant les utilise.",
      }}
      renderForm={(props) => <HoursForm {...props} />}
      after={
        <>
          <ClosuresManager key={restaurantId} restaurantId={restaurantId} notify={(type: ToastType, message: string) => setToast({ type, message })} />
          <Toast toast={toast} onClose={() => setToast(null)} />
        </>
      }
    />
  );
}
