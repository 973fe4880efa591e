import { DAYS } from '@tablee/domain';
import { defaultDaySettings } from '../../src/mappers';
import {
  defaultHours,
  groupSizeRanges,
  HoursForm,
  hoursToRpc,
  normalizeHours,
  PROPOSE_ARRIVAL_TIMES_LABEL,
  rangeValues,
  SIZE_RANGE,
  sizeChoices,
  type HoursValue,
  TIME_SLOTS,
} from '@tablee/sections';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderSection } from './harness';

const section = (name: string) => screen.getByRole('region', { name });

describe('hours rules', () => {
  it('offers 96 time slots, every 15 minutes from 00:00 to 23:45', () => {
    expect(TIME_SLOTS).toHaveLength(96);
    expect(TIME_SLOTS[0]).toBe('00:00');
    expect(TIME_SLOTS[1]).toBe('00:15');
    expect(TIME_SLOTS[95]).toBe('23:45');
  });

  it('defaults: Monday–Saturday in edit, all 7 days in onboarding, spec §9 service defaults', () => {
    expect(defaultHours('edit').daysOpen).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday']);
    expect(defaultHours('onboarding').daysOpen).toEqual([...DAYS]);
    const lunch = defaultHours('edit').defaultSettings.lunchService;
    expect(lunch).toMatchObject({
      isOpen: true,
      hours: { from: '12:00', to: '14:00' },
      groupSize: { min: 1, max: 20 },
      allowALaCarte: true,
      maxALaCarteSize: 10,
      partialPrivatizationSupplement: false,
      partialPrivatizationMinSize: 10,
    });
    expect(defaultHours('edit').defaultSettings.dinnerService.hours).toEqual({ from: '19:00', to: '22:00' });
    // Onboarding's lowest group-minimum choice is 10.
    expect(defaultHours('onboarding').defaultSettings.lunchService.groupSize).toEqual({ min: 10, max: 20 });
  });

  it('group size choices: onboarding min 10–30, edit min 1–10, max 10–50 in both; à la carte and privatization 10–50', () => {
    expect(rangeValues(groupSizeRanges('onboarding').min)).toEqual(Array.from({ length: 21 }, (_, i) => 10 + i));
    expect(rangeValues(groupSizeRanges('edit').min)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const context of ['onboarding', 'edit'] as const) expect(rangeValues(groupSizeRanges(context).max)).toHaveLength(41);
    expect(rangeValues(SIZE_RANGE)[0]).toBe(10);
    expect(rangeValues(SIZE_RANGE).at(-1)).toBe(50);
  });

  it('a new specific day starts as a copy of the defaults, not a shared reference', () => {
    const hours = defaultHours('edit');
    hours.defaultSettings.lunchService.hours.from = '11:30';
    const next = normalizeHours({ ...hours, hasDifferentSettings: true });
    expect(Object.keys(next.specificDaySettings)).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday']);
    expect(next.specificDaySettings.monday).toEqual(next.defaultSettings);
    next.specificDaySettings.monday!.lunchService.hours.from = '12:15';
    expect(next.specificDaySettings.tuesday!.lunchService.hours.from).toBe('11:30');
  });

  it('saves one entry per open day, in week order, arrival times only for open services', () => {
    const hours: HoursValue = { ...defaultHours('edit'), daysOpen: ['friday', 'monday'] };
    hours.defaultSettings.lunchService.arrivalTimes = ['12:00'];
    hours.defaultSettings.dinnerService = { ...hours.defaultSettings.dinnerService, isOpen: false, arrivalTimes: ['20:00'] };
    const rpc = hoursToRpc(hours);
    expect(rpc.daysOpen).toEqual(['monday', 'friday']);
    expect(rpc.days.map((d) => d.day)).toEqual(['monday', 'friday']);
    expect(rpc.days[0].lunchService.arrivalTimes).toEqual(['12:00']);
    expect(rpc.days[0].dinnerService.arrivalTimes).toEqual([]);
  });
});

describe('HoursForm', () => {
  it('per day: one tab per open day, each a copy of the defaults; a day opened later gets its own copy', async () => {
    const user = userEvent.setup({ delay: null });
    const initial = defaultHours('edit');
    initial.defaultSettings.dinnerService.hours.to = '23:00';
    const { latest } = renderSection(HoursForm, initial);
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Paramètres différents selon les jours' }));
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi']);
    expect(latest.value.specificDaySettings.saturday).toEqual(initial.defaultSettings);
    expect(within(section('Service du soir — Lundi')).getByTitle('23:00')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Dimanche' }));
    expect(latest.value.daysOpen.at(-1)).toBe('sunday');
    expect(latest.value.specificDaySettings.sunday).toEqual(initial.defaultSettings);
    await waitFor(() => expect(screen.getAllByRole('tab')).toHaveLength(7));
  });

  it('disables a closed service, the à la carte size without à la carte, the privatization fields without supplement', async () => {
    const user = userEvent.setup({ delay: null });
    const { latest } = renderSection(HoursForm, defaultHours('edit'));
    const lunch = within(section('Service du midi'));
    expect(lunch.getByLabelText('De')).toBeEnabled();
    expect(lunch.getByLabelText('Taille min. de privatisation')).toBeDisabled();
    expect(lunch.getByLabelText('Montant du supplément (€ TTC)')).toBeDisabled();
    await user.click(lunch.getByRole('checkbox', { name: 'Supplément de privatisation partielle' }));
    expect(latest.value.defaultSettings.lunchService.partialPrivatizationSupplement).toBe(true);
    await waitFor(() => expect(lunch.getByLabelText('Montant du supplément (€ TTC)')).toBeEnabled());
    await user.click(lunch.getByRole('checkbox', { name: 'Autoriser la carte' }));
    await waitFor(() => expect(lunch.getByLabelText('Taille max. à la carte')).toBeDisabled());
    await user.click(lunch.getByRole('checkbox', { name: 'Service ouvert' }));
    expect(latest.value.defaultSettings.lunchService.isOpen).toBe(false);
    await waitFor(() => expect(lunch.getByLabelText('De')).toBeDisabled());
    expect(lunch.getByLabelText("Heures d'arrivée")).toBeDisabled();
    // The dinner service is untouched.
    expect(within(section('Service du soir')).getByLabelText('De')).toBeEnabled();
  });

  it('refuses an end before the start and a maximum below the minimum, in French', async () => {
    const user = userEvent.setup({ delay: null });
    const hours = defaultHours('edit');
    hours.defaultSettings.lunchService.hours = { from: '14:00', to: '12:00' };
    hours.defaultSettings.dinnerService.groupSize = { min: 10, max: 10 };
    hours.defaultSettings.lunchService.groupSize = { min: 8, max: 5 };
    const { latest } = renderSection(HoursForm, hours);
    await user.click(screen.getByRole('button', { name: 'Vérifier le formulaire' }));
    expect(await within(section('Service du midi')).findByText("L'heure de fin doit être après l'heure de début, ou après minuit jusqu'à 06:00")).toBeInTheDocument();
    expect(within(section('Service du midi')).getByText('La taille maximale doit être supérieure ou égale à la taille minimale')).toBeInTheDocument();
    expect(within(section('Service du soir')).queryByText('La taille maximale doit être supérieure ou égale à la taille minimale')).not.toBeInTheDocument();
    expect(latest.validated).toBe(false);
  });

  it('takes a dinner ending after midnight (19:00 → 00:30), proposing arrivals on its date', async () => {
    const user = userEvent.setup({ delay: null });
    const hours = defaultHours('edit');
    hours.defaultSettings.dinnerService.hours = { from: '19:00', to: '00:30' };
    const { latest } = renderSection(HoursForm, hours);
    const dinner = within(section('Service du soir'));
    await user.click(dinner.getByRole('button', { name: PROPOSE_ARRIVAL_TIMES_LABEL }));
    await waitFor(() => expect(latest.value.defaultSettings.dinnerService.arrivalTimes).toEqual(['19:00', '19:30', '20:00', '20:30', '21:00', '21:30', '22:00', '22:30', '23:00', '23:30']));
    // The choices start at 19:00 (the list is virtual: its last ones, to 23:45, are slots.test.ts's to check).
    expect((await optionsOf(section('Service du soir'), "Heures d'arrivée"))[0]).toBe('19:00');
    await user.click(screen.getByRole('button', { name: 'Vérifier le formulaire' }));
    await waitFor(() => expect(latest.validated).toBe(true));
    expect(dinner.queryByText(/L'heure de fin doit être/)).not.toBeInTheDocument();
  });

  it('refuses an end equal to the start, or after midnight later than 06:00', async () => {
    const user = userEvent.setup({ delay: null });
    const hours = defaultHours('edit');
    hours.defaultSettings.lunchService.hours = { from: '12:00', to: '12:00' };
    hours.defaultSettings.dinnerService.hours = { from: '19:00', to: '07:00' };
    hours.defaultSettings.dinnerService.arrivalTimes = [];
    const { latest } = renderSection(HoursForm, hours);
    await user.click(screen.getByRole('button', { name: 'Vérifier le formulaire' }));
    for (const name of ['Service du midi', 'Service du soir'])
      expect(await within(section(name)).findByText("L'heure de fin doit être après l'heure de début, ou après minuit jusqu'à 06:00")).toBeInTheDocument();
    expect(latest.validated).toBe(false);
  });

  it('takes an optional service capacity in covers: empty is no limit, off while the service is closed', async () => {
    const user = userEvent.setup({ delay: null });
    const { latest } = renderSection(HoursForm, defaultHours('edit'));
    const dinner = within(section('Service du soir'));
    const capacity = dinner.getByLabelText('Capacité du service (couverts)');
    expect(capacity).toHaveValue('');
    expect(capacity).toHaveAttribute('placeholder', 'Sans limite');
    await user.type(capacity, '80');
    await waitFor(() => expect(latest.value.defaultSettings.dinnerService.capacity).toBe(80));
    expect(latest.value.defaultSettings.lunchService.capacity).toBeNull();
    await user.clear(capacity);
    await waitFor(() => expect(latest.value.defaultSettings.dinnerService.capacity).toBeNull());
    await user.click(within(section('Service du midi')).getByRole('checkbox', { name: 'Service ouvert' }));
    await waitFor(() => expect(within(section('Service du midi')).getByLabelText('Capacité du service (couverts)')).toBeDisabled());
  });

  it('refuses a negative capacity on the field, in French, rather than changing it', async () => {
    const user = userEvent.setup({ delay: null });
    const { latest } = renderSection(HoursForm, defaultHours('edit'));
    const dinner = within(section('Service du soir'));
    const capacity = dinner.getByLabelText('Capacité du service (couverts)');
    await user.type(capacity, '-5');
    await user.tab();
    expect(await dinner.findByText('La capacité doit être un nombre entier de couverts entre 1 et 999')).toBeInTheDocument();
    // What was typed stays: nothing becomes 1 behind the owner's back.
    expect(capacity).toHaveValue('-5');
    expect(latest.value.defaultSettings.dinnerService.capacity).toBe(-5);
    await user.click(screen.getByRole('button', { name: 'Vérifier le formulaire' }));
    await waitFor(() => expect(latest.validated).toBe(false));
    await user.clear(capacity);
    await user.type(capacity, '2.5');
    await user.tab();
    expect(await dinner.findByText('La capacité doit être un nombre entier de couverts entre 1 et 999')).toBeInTheDocument();
    expect(capacity).toHaveValue('2.5');
  });

  it('keeps the days in week order whatever the click order', async () => {
    const user = userEvent.setup({ delay: null });
    const { latest } = renderSection<HoursValue>(HoursForm, { ...defaultHours('edit'), daysOpen: [], defaultSettings: defaultDaySettings() });
    await user.click(screen.getByRole('checkbox', { name: 'Vendredi' }));
    await user.click(screen.getByRole('checkbox', { name: 'Lundi' }));
    expect(latest.value.daysOpen).toEqual(['monday', 'friday']);
  });
});

/** The choices of a select, as its dropdown lists them (the dropdown holds the listbox the select controls). */
async function optionsOf(region: HTMLElement, label: string): Promise<string[]> {
  const select = within(region).getByLabelText(label);
  fireEvent.mouseDown(select);
  // The open one: a closed dropdown stays in the document, hidden.
  const dropdown = await waitFor(() => {
    const open = document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    expect(open).toHaveLength(1);
    return open[0];
  });
  const texts = Array.from(dropdown.querySelectorAll('.ant-select-item-option')).map((o) => o.textContent ?? '');
  fireEvent.keyDown(select, { key: 'Escape', keyCode: 27, which: 27 });
  await waitFor(() => expect(document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toBeNull());
  return texts;
}

const KEY_CODES = { ArrowUp: 38, ArrowDown: 40, Enter: 13 } as const;
/** A key on an open select (rc-select reads the key code). */
const press = (select: HTMLElement, key: keyof typeof KEY_CODES) => fireEvent.keyDown(select, { key, keyCode: KEY_CODES[key], which: KEY_CODES[key] });

describe('consistent rules', () => {
  it('a size select offers the context’s range plus a stored value outside it', () => {
    expect(sizeChoices(groupSizeRanges('edit').min, 12)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12]);
    expect(sizeChoices(groupSizeRanges('onboarding').min, 1, undefined)).toEqual([1, ...rangeValues(groupSizeRanges('onboarding').min)]);
    expect(sizeChoices(SIZE_RANGE, 20, null)).toEqual(rangeValues(SIZE_RANGE));
  });

  it('a minimum group size of 12 stored shows in edit (choices 1–10) and can be chosen again', async () => {
    const user = userEvent.setup({ delay: null });
    const hours = defaultHours('edit');
    hours.defaultSettings.lunchService.groupSize = { min: 12, max: 40 };
    const { latest } = renderSection(HoursForm, hours, 'edit');
    const lunch = section('Service du midi');
    expect(within(lunch).getByTitle('12')).toBeInTheDocument();
    // Opened, the list is on the chosen value, which is one of its options (the list is virtual: only those near it are rendered).
    const min = within(lunch).getByLabelText('Taille de groupe min.');
    fireEvent.mouseDown(min);
    expect(await screen.findByRole('option', { name: '12' })).toHaveAttribute('aria-selected', 'true');
    // Another choice, then 12 again, from the keyboard: 8, then three steps down (9, 10, 12).
    await user.click(screen.getAllByTitle('8').at(-1)!);
    await waitFor(() => expect(latest.value.defaultSettings.lunchService.groupSize.min).toBe(8));
    fireEvent.mouseDown(min);
    for (let i = 0; i < 3; i++) press(min, 'ArrowDown');
    press(min, 'Enter');
    await waitFor(() => expect(latest.value.defaultSettings.lunchService.groupSize.min).toBe(12));
  });

  it('a minimum group size of 1 stored shows in onboarding (choices 10–30)', async () => {
    const hours = defaultHours('onboarding');
    hours.defaultSettings.dinnerService.groupSize = { min: 1, max: 20 };
    hours.defaultSettings.dinnerService.maxALaCarteSize = 4;
    renderSection(HoursForm, hours, 'onboarding');
    const dinner = section('Service du soir');
    expect(within(dinner).getByTitle('1')).toBeInTheDocument();
    expect((await optionsOf(dinner, 'Taille de groupe min.')).slice(0, 3)).toEqual(['1', '10', '11']);
    expect((await optionsOf(dinner, 'Taille max. à la carte')).slice(0, 3)).toEqual(['4', '10', '11']);
  });

  it('offers only the slots of the service’s own hours, and again when the hours change', async () => {
    const hours = defaultHours('edit');
    hours.defaultSettings.lunchService.hours = { from: '12:15', to: '14:30' };
    const { latest } = renderSection(HoursForm, hours);
    const lunch = section('Service du midi');
    expect(await optionsOf(lunch, "Heures d'arrivée")).toEqual(['12:15', '12:30', '12:45', '13:00', '13:15', '13:30', '13:45', '14:00', '14:15']);
    // The end from 14:30 to 13:00: six quarter hours up, from the keyboard.
    const to = within(lunch).getByLabelText('À');
    fireEvent.mouseDown(to);
    for (let i = 0; i < 6; i++) press(to, 'ArrowUp');
    press(to, 'Enter');
    await waitFor(() => expect(latest.value.defaultSettings.lunchService.hours.to).toBe('13:00'));
    expect(await optionsOf(lunch, "Heures d'arrivée")).toEqual(['12:15', '12:30', '12:45']);
  });

  it('shows a stored arrival time outside the hours as an error on its field, kept until removed', async () => {
    const hours = defaultHours('edit');
    hours.defaultSettings.lunchService.hours = { from: '12:15', to: '14:30' };
    hours.defaultSettings.lunchService.arrivalTimes = ['12:30', '18:00'];
    const { latest } = renderSection(HoursForm, hours);
    const lunch = within(section('Service du midi'));
    expect(await lunch.findByText('18:00 est en dehors des horaires du service : retirez cette heure ou changez les horaires.')).toBeInTheDocument();
    expect(lunch.getByTitle('18:00')).toBeInTheDocument();
    expect(latest.value.defaultSettings.lunchService.arrivalTimes).toEqual(['12:30', '18:00']);
    expect(within(section('Service du soir')).queryByText(/en dehors des horaires/)).not.toBeInTheDocument();
  });

  it('proposes the default set of arrival times for the hours chosen', async () => {
    const user = userEvent.setup({ delay: null });
    const hours = defaultHours('edit');
    hours.defaultSettings.dinnerService.hours = { from: '19:00', to: '22:00' };
    hours.defaultSettings.dinnerService.arrivalTimes = ['23:00'];
    const { latest } = renderSection(HoursForm, hours);
    const dinner = within(section('Service du soir'));
    await dinner.findByText(/23:00 est en dehors des horaires/);
    await user.click(dinner.getByRole('button', { name: PROPOSE_ARRIVAL_TIMES_LABEL }));
    await waitFor(() => expect(latest.value.defaultSettings.dinnerService.arrivalTimes).toEqual(['19:00', '19:30', '20:00', '20:30', '21:00']));
    await waitFor(() => expect(dinner.queryByText(/en dehors des horaires/)).not.toBeInTheDocument());
    expect(latest.value.defaultSettings.lunchService.arrivalTimes).toEqual([]);
  });

  it('per day: a tab whose arrival times need the owner says so, until they are fixed', async () => {
    const user = userEvent.setup({ delay: null });
    const hours = normalizeHours({ ...defaultHours('edit'), hasDifferentSettings: true });
    hours.specificDaySettings.tuesday!.lunchService.arrivalTimes = ['12:30', '18:00'];
    renderSection(HoursForm, hours);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Lundi', 'Mardi (à corriger)', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi']);
    await user.click(screen.getByRole('tab', { name: 'Mardi (à corriger)' }));
    const lunch = within(section('Service du midi — Mardi'));
    await lunch.findByText(/18:00 est en dehors des horaires/);
    await user.click(lunch.getByRole('button', { name: PROPOSE_ARRIVAL_TIMES_LABEL }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Mardi' })).toBeInTheDocument());
  });
});
