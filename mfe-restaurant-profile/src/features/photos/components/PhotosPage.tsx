import { PHOTO_LOAD_ERROR, PhotosForm, photosApi } from '@tablee/sections';
import { SectionEditTab } from '../../../components/SectionEditTab';

/** 'Photos du restaurant': uploads and deletes are immediate; alt texts and order are saved with the button. */
export function PhotosPage() {
  return (
    <SectionEditTab
      title="Photos du restaurant"
      api={photosApi}
      messages={{ success: 'Les photos ont été enregistrées avec succès !', loadError: PHOTO_LOAD_ERROR }}
      renderForm={(props) => <PhotosForm {...props} />}
    />
  );
}
