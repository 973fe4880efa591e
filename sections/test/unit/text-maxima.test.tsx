/** Every text field of the section forms stops at its column's maximum (TEXT_MAX, the database's checks). */
import type { ComponentType } from 'react';
import { BillingForm, CgvForm, defaultInformation, InformationForm, MenusForm, OptionsForm, type SectionFormProps } from '@tablee/sections';
import { defaultBilling } from '../../src/mappers';
import { renderSection } from './harness';

/** The text inputs and areas of what is rendered (not the number inputs nor the selects' search boxes), with their maxlength. */
const textFields = () =>
  Array.from(document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input:not([type]), input[type=text], input[type=email], input[type=tel], input[type=url], textarea'))
    // antd's autosize measures in a hidden textarea of its own.
    .filter((el) => el.getAttribute('aria-hidden') !== 'true' && el.getAttribute('role') !== 'spinbutton' && !(el.closest('.ant-select') && !el.closest('.ant-select-auto-complete')))
    .map((el) => ({ field: el.getAttribute('aria-label') ?? document.querySelector(`label[for="${el.id}"]`)?.textContent ?? el.id, maxLength: el.maxLength }));

// The restaurant's phone has no length check of its own: its E.164 check bounds it (16 characters).
const UNBOUNDED = new Set(['Téléphone du restaurant']);

it.each<[string, ComponentType<SectionFormProps<never>>, object]>([
  ['Informations', InformationForm as never, defaultInformation()],
  ['Facturation', BillingForm as never, defaultBilling()],
  ['CGV', CgvForm as never, { link: '' }],
  ['Menus', MenusForm as never, { regularMenus: [] }],
  ['Options', OptionsForm as never, { additionalOptions: [{ title: 'Vestiaire', price: 2, priceType: 'per_person' }] }],
])('%s: every text field has a maximum length', (_, Form, initial) => {
  renderSection(Form, initial as never);
  const fields = textFields().filter((f) => !UNBOUNDED.has(f.field));
  expect(fields.length).toBeGreaterThan(0);
  expect(fields.filter((f) => f.maxLength <= 0)).toEqual([]);
});
