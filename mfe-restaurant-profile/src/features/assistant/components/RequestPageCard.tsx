/**
 * 'Demandes en ligne': the restaurant's public request page (/demande/{id}), switched on and off by the
 * owner (off by default; a manager sees it, not the switch's use), its address to copy, its QR code as a PNG to download and an <iframe> snippet
 * for the restaurant's website. Requests sent from it arrive in the list marked 'Site web'.
 */
import { myRoleQuery } from '@tablee/domain';
import { QueryState } from '@tablee/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Space, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { chatBubbleSnippet, iframeSnippet, qrCodePng, requestPageQueryOptions, requestPageUrl, useSetRequestPage } from '../api/requestPage';
import { Block } from './Block';

function QrCode({ url, name }: { url: string; name: string }) {
  const [png, setPng] = useState<string>();
  useEffect(() => {
    let current = true;
    qrCodePng(url).then(
      (data) => current && setPng(data),
      () => current && setPng(undefined),
    );
    return () => {
      current = false;
    };
  }, [url]);
  if (!png) return null;
  const file = `demande-${
    name
      .normalize('NFD')
      .replace(/[^\w]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'restaurant'
  }.png`;
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 16 }}>
      <img src={png} width={160} height={160} alt={`QR code de la page de demande : ${url}`} />
      <a href={png} download={file}>
        Télécharger le QR code (PNG)
      </a>
    </div>
  );
}

export function RequestPageCard({ restaurantId, name, complete, onResult }: { restaurantId: string; name: string; complete: boolean; onResult: (ok: boolean, message: string) => void }) {
  const page = useQuery(requestPageQueryOptions(restaurantId));
  const save = useSetRequestPage(restaurantId);
  // Opening the page to the public is the owners' decision (set_request_page refuses the others).
  const role = useQuery(myRoleQuery(restaurantId)).data;
  const url = requestPageUrl(restaurantId);
  const toggle = (enabled: boolean) =>
    save.mutate(enabled, {
      onSuccess: () => onResult(true, enabled ? 'Votre page de demande est en ligne.' : 'Votre page de demande ne prend plus de demandes.'),
      onError: () => onResult(false, 'Une erreur est survenue lors de la sauvegarde. Veuillez réessayer.'),
    });
  return (
    <Block title="Demandes en ligne">
      <QueryState query={page} errorMessage="Erreur lors du chargement de la page de demande" loadingLabel="Chargement...">
        {(enabled) => (
          <Space direction="vertical" size={12} style={{ width: '100%' }}>
            <Typography.Paragraph style={{ margin: 0 }}>
              Une page où vos clients demandent une réservation de groupe sans passer par l’assistant : à mettre sur votre site, votre fiche Google ou votre Instagram. Les demandes arrivent dans
              vos réservations, marquées « Site web ».
            </Typography.Paragraph>
            <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
              <Switch id="request-page-switch" checked={enabled} loading={save.isPending} disabled={role !== 'owner'} onChange={toggle} />
              <label htmlFor="request-page-switch">Demandes en ligne</label>
            </span>
            {role !== undefined && role !== 'owner' && (
              <Typography.Text type="secondary" data-testid="request-page-owners-only">
                Seuls les propriétaires du restaurant ouvrent ou ferment cette page.
              </Typography.Text>
            )}
            {enabled && !complete && (
              <Alert
                type="warning"
                showIcon
                title="Votre profil n’est pas complet : la page dira « Ce restaurant ne prend pas de demandes en ligne pour le moment. » tant qu’il manque des informations (voir ci-dessous)."
              />
            )}
            {enabled && (
              <>
                <div>
                  Adresse de la page :{' '}
                  <Typography.Text code copyable={{ text: url, tooltips: ['Copier l’adresse', 'Adresse copiée'] }} style={{ wordBreak: 'break-all' }}>
                    {url}
                  </Typography.Text>{' '}
                  <a href={url} target="_blank" rel="noopener noreferrer">
                    Ouvrir la page
                  </a>
                </div>
                <QrCode url={url} name={name} />
                <div>
                  <div>À coller dans votre site :</div>
                  <Typography.Paragraph code copyable={{ tooltips: ['Copier le code', 'Code copié'] }} style={{ wordBreak: 'break-all', margin: 0 }} data-testid="request-page-iframe">
                    {iframeSnippet(url, name)}
                  </Typography.Paragraph>
                </div>
                <div>
                  <div>Ou l’assistant en bulle, en bas à droite de chaque page de votre site (il répond aux questions et prend les demandes) :</div>
                  <Typography.Paragraph code copyable={{ tooltips: ['Copier le code', 'Code copié'] }} style={{ wordBreak: 'break-all', margin: 0 }} data-testid="chat-bubble-snippet">
                    {chatBubbleSnippet(url, name)}
                  </Typography.Paragraph>
                </div>
              </>
            )}
          </Space>
        )}
      </QueryState>
    </Block>
  );
}
