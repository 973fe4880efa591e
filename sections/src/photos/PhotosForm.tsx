/**
 * Photos section (spec §2, §4, §5, §8): multi-file upload processed one file at a time, grid with
 * delete, filename and size on hover, editable alt text, up/down reordering, a placeholder for a
 * broken image and the inline red banner. Uploads and deletes are stored at once; alt texts and
 * order are the section's value (a Form.List), saved by the page (photosApi.save).
 */
import { formatFileSize } from '@tablee/shared';
import type { Photo } from '@tablee/domain';
import { Alert, Button, Form, Input, Popconfirm, Progress, Typography, Upload } from 'antd';
import { useEffect, useEffectEvent, useState } from 'react';
import type { SectionFormProps } from '../contract';
import { errorText, useDeletePhoto, useUploadPhotos, type PhotosValue } from './api';
import { deleteError, PHOTO_UPLOAD_HINT, uploadError } from './rules';
import { maxLengthOf } from '../field-rules';

export interface PhotosFormProps extends SectionFormProps<PhotosValue> {
  /** Told true while files are being uploaded or a photo deleted (the onboarding waits for it). */
  onBusyChange?: (busy: boolean) => void;
}

interface Progress {
  done: number;
  total: number;
  current: string;
}

export function PhotosForm({ restaurantId, form, initialValue, disabled, onBusyChange, onStored }: PhotosFormProps) {
  const [errors, setErrors] = useState<string[]>([]);
  const [progress, setProgress] = useState<Progress | null>(null);
  const upload = useUploadPhotos();
  const removal = useDeletePhoto();
  const deletingId = removal.isPending ? removal.variables : null;
  const [broken, setBroken] = useState<Record<string, boolean>>({});
  const [hoveredId, setHoveredId] = useState<string | null>(null);
  // Uploads run over several renders: each one appends to the form's latest list, not to a stale one.
  const photos = (): Photo[] => form.getFieldValue('photos') ?? [];
  const busy = upload.isPending || removal.isPending;
  const reportBusy = useEffectEvent((value: boolean) => onBusyChange?.(value));
  useEffect(() => reportBusy(busy), [busy]);

  const uploadAll = (files: File[]) => {
    setErrors([]);
    upload.mutate(
      {
        restaurantId,
        files,
        nextOrder: () => photos().reduce((max, p) => Math.max(max, p.displayOrder), 0) + 1,
        onSending: (index, file) => setProgress({ done: index, total: files.length, current: file.name }),
        onStored: (photo) => {
          form.setFieldValue('photos', [...photos(), photo]);
          onStored?.((saved) => ({ photos: [...saved.photos, photo] }));
        },
      },
      {
        onSuccess: (failures) => setErrors(failures),
        onError: (err) => setErrors([uploadError(errorText(err))]),
        onSettled: () => setProgress(null),
      },
    );
  };

  const remove = (photo: Photo) => {
    setErrors([]);
    removal.mutate(photo.id, {
      onSuccess: () => {
        form.setFieldValue(
          'photos',
          photos().filter((p) => p.id !== photo.id),
        );
        onStored?.((saved) => ({ photos: saved.photos.filter((p) => p.id !== photo.id) }));
      },
      onError: (err) => setErrors([deleteError(errorText(err))]),
    });
  };

  const locked = disabled || busy;

  return (
    <Form form={form} initialValues={initialValue} disabled={disabled} style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      {errors.length > 0 && (
        <Alert
          type="error"
          showIcon
          closable={{ 'aria-label': 'Fermer' }}
          onClose={() => setErrors([])}
          title={
            errors.length === 1 ? (
              errors[0]
            ) : (
              <ul style={{ margin: 0, paddingLeft: 16 }}>
                {errors.map((e) => (
                  <li key={e}>{e}</li>
                ))}
              </ul>
            )
          }
        />
      )}

      <Upload.Dragger
        multiple
        accept="image/*"
        showUploadList={false}
        disabled={locked}
        fileList={[]}
        // antd calls this once per selected file with the whole selection: start the queue on the first.
        beforeUpload={(file, selection) => {
          if (file === selection[0]) uploadAll(selection as File[]);
          return Upload.LIST_IGNORE;
        }}
      >
        <p style={{ margin: 0, fontWeight: 500 }}>Cliquez ou glissez vos photos ici pour les ajouter</p>
        <p style={{ margin: '4px 0 0', color: 'rgba(0,0,0,0.65)' }}>{PHOTO_UPLOAD_HINT}</p>
      </Upload.Dragger>

      {progress && (
        <div role="status" aria-live="polite">
          <Typography.Text>
            Envoi de la photo {progress.done + 1}/{progress.total} : {progress.current}
          </Typography.Text>
          <Progress percent={Math.round((progress.done / progress.total) * 100)} status="active" aria-label="Progression de l'envoi" />
        </div>
      )}

      <Form.List name="photos">
        {(fields, { move }) =>
          fields.length === 0 ? (
            <Typography.Paragraph style={{ margin: 0, color: 'rgba(0,0,0,0.65)' }}>Aucune photo pour le moment.</Typography.Paragraph>
          ) : (
            <ul aria-label="Photos du restaurant" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}>
              {fields.map((field, index) => {
                const photo: Photo = form.getFieldValue(['photos', field.name]);
                const name = photo.originalFilename || `Photo ${index + 1}`;
                const showDetails = hoveredId === photo.id;
                return (
                  <li
                    key={photo.id}
                    data-testid="photo-card"
                    style={{ border: '1px solid #f0f0f0', borderRadius: 8, overflow: 'hidden', background: '#fff', display: 'flex', flexDirection: 'column' }}
                  >
                    <div
                      style={{ position: 'relative', aspectRatio: '4 / 3', background: '#fafafa' }}
                      onMouseEnter={() => setHoveredId(photo.id)}
                      onMouseLeave={() => setHoveredId((id) => (id === photo.id ? null : id))}
                      title={`${name} — ${formatFileSize(photo.fileSize)}`}
                    >
                      {broken[photo.id] ? (
                        <div
                          role="img"
                          aria-label={`Image indisponible : ${name}`}
                          style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', color: 'rgba(0,0,0,0.65)', fontSize: 14 }}
                        >
                          Image indisponible
                        </div>
                      ) : (
                        <img
                          src={photo.url}
                          alt={photo.altText || name}
                          onError={() => setBroken((b) => ({ ...b, [photo.id]: true }))}
                          style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
                        />
                      )}
                      {showDetails && (
                        <div
                          data-testid="photo-details"
                          style={{ position: 'absolute', left: 0, right: 0, bottom: 0, padding: '6px 8px', background: 'rgba(0,0,0,0.72)', color: '#fff', fontSize: 12 }}
                        >
                          <div style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{name}</div>
                          <div>{formatFileSize(photo.fileSize)}</div>
                        </div>
                      )}
                    </div>
                    <div style={{ padding: 8, display: 'flex', flexDirection: 'column', gap: 8 }}>
                      <Form.Item name={[field.name, 'altText']} noStyle>
                        <Input aria-label={`Texte alternatif de ${name}`} placeholder="Texte alternatif (description de la photo)" maxLength={maxLengthOf('restaurant_photos', 'alt_text')} />
                      </Form.Item>
                      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
                        <Button size="small" aria-label={`Monter ${name}`} disabled={locked || index === 0} onClick={() => move(index, index - 1)}>
                          ↑
                        </Button>
                        <Button size="small" aria-label={`Descendre ${name}`} disabled={locked || index === fields.length - 1} onClick={() => move(index, index + 1)}>
                          ↓
                        </Button>
                        <Popconfirm title="Supprimer cette photo ?" okText="Supprimer" cancelText="Annuler" okButtonProps={{ danger: true }} onConfirm={() => remove(photo)} disabled={locked}>
                          <Button size="small" danger aria-label={`Supprimer ${name}`} loading={deletingId === photo.id} disabled={locked} style={{ marginLeft: 'auto' }}>
                            Supprimer
                          </Button>
                        </Popconfirm>
                      </div>
                    </div>
                  </li>
                );
              })}
            </ul>
          )
        }
      </Form.List>
    </Form>
  );
}
