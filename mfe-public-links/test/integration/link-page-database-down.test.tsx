/**
 * A one-click link opened while the reservation service's database is down (PostgreSQL crashed or
 * restarting): the service answers 503 api_unavailable, and the page says, in French, to try again —
 * nothing is decided.
 */
import { screen } from '@testing-library/react';
import { submitGroupRequest } from '../../../local-supabase/test/reservations';
import { crashDatabase, ownerOnStack, ownStacks } from '../../../reservation-service/test/database-fault';
import { pointReservationApiAt, renderLink } from '../render';
import { startReservationService } from '../reservation-service';

const launch = ownStacks();

it('the accept link while PostgreSQL is down: « réessayez dans un instant », not an error of ours', async () => {
  const stack = await launch('link-db-down');
  const owner = await ownerOnStack(stack, 'lien-panne');
  const request = await submitGroupRequest(owner.restaurantId, {}, { url: stack.url, serviceRoleKey: stack.serviceRoleKey, dbUrl: stack.dbUrl });
  const service = await startReservationService({ SUPABASE_URL: stack.url, SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey });
  try {
    pointReservationApiAt(service.apiUrl, stack.url);
    await crashDatabase(stack);
    renderLink(`/reservations/${request.numero}/accept/${request.codeManage}`);
    expect(await screen.findByText('Le service est momentanément indisponible ; réessayez dans un instant.', undefined, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.queryByText('Réservation acceptée !')).toBeNull();
  } finally {
    await service.stop();
  }
}, 120_000);
