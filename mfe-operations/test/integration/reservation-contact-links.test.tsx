/**
 * The customer's contact on the reservation detail (issue 30, item 9): the phone is a tel: link (in
 * E.164), the e-mail a mailto: link when it is one address; a field that is not one address stays text.
 */
import { screen } from '@testing-library/react';
import { insertReservationsAsSuperuser } from '../../../local-supabase/test/reservations';
import { renderOperationsAt } from '../render';
import { signInNewOwner } from '../stack';

it('calls and writes to the customer in one click', async () => {
  const client = await signInNewOwner();
  const { data, error } = await client.from('restaurants').insert({ name: 'Chez Contact' }).select('id').single();
  expect(error).toBeNull();
  const restaurantId = data!.id as string;
  const [one, list] = await insertReservationsAsSuperuser(
    [
      { restaurant_id: restaurantId, number_people: 12, reservation_date: '2099-03-02', customer_name: 'Léa Appel', email: 'lea@exemple.fr', phone_number: '06 12 34 56 78' },
      { restaurant_id: restaurantId, number_people: 12, reservation_date: '2099-03-02', customer_name: 'Liste Deux', email: 'a@exemple.fr, b@exemple.fr', phone_number: '' },
    ],
    process.env.TEST_DATABASE_URL,
  );

  const view = renderOperationsAt(`/restaurants/${restaurantId}/operational/reservations/${one.numero_reservation_restaurateur}`);
  expect(await screen.findByRole('link', { name: '06 12 34 56 78' })).toHaveAttribute('href', 'tel:+33612345678');
  expect(screen.getByRole('link', { name: 'lea@exemple.fr' })).toHaveAttribute('href', 'mailto:lea@exemple.fr');
  view.unmount();

  renderOperationsAt(`/restaurants/${restaurantId}/operational/reservations/${list.numero_reservation_restaurateur}`);
  expect(await screen.findByText('a@exemple.fr, b@exemple.fr')).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'a@exemple.fr, b@exemple.fr' })).not.toBeInTheDocument();
});
