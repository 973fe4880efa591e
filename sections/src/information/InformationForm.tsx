/** Spec §2 'Information' step/tab: name, address, description, six amenities, contact, response time, url (edit only). */
import { RESPONSE_TIME_OPTIONS } from '../constants';
import { Checkbox, Form, Input, Select } from 'antd';
import type { SectionFormProps } from '../contract';
import { AMENITY_LABELS, hasUrlField, phoneError, type InformationValue } from './rules';
import { linkRule, WEBSITE_LINK_MESSAGE } from '../links';
import { maxLengthOf, textRules } from '../field-rules';

const phoneRule = { validator: (_: unknown, value: string | undefined) => (phoneError(value) ? Promise.reject(new Error(phoneError(value)!)) : Promise.resolve()) };

export function InformationForm(props: SectionFormProps<InformationValue>) {
  return (
    <Form form={props.form} layout="vertical" initialValues={props.initialValue} disabled={props.disabled} style={{ maxWidth: 720 }}>
      <Form.Item label="Nom du restaurant" name="name" rules={[{ required: true, whitespace: true, message: 'Veuillez saisir le nom du restaurant' }, ...textRules('restaurants', 'name')]}>
        <Input autoComplete="organization" maxLength={maxLengthOf('restaurants', 'name')} />
      </Form.Item>
      <Form.Item label="Adresse" name="address" rules={[{ required: true, whitespace: true, message: "Veuillez saisir l'adresse du restaurant" }, ...textRules('restaurants', 'address')]}>
        <Input autoComplete="street-address" maxLength={maxLengthOf('restaurants', 'address')} />
      </Form.Item>
      <Form.Item label="Description" name="description" rules={textRules('restaurants', 'description')}>
        <Input.TextArea rows={4} maxLength={maxLengthOf('restaurants', 'description')} />
      </Form.Item>
      <Form.Item label="Équipements">
        <div role="group" aria-label="Équipements" style={{ display: 'flex', flexWrap: 'wrap', gap: '8px 24px' }}>
          {AMENITY_LABELS.map(({ key, label }) => (
            <Form.Item key={key} name={['amenities', key]} valuePropName="checked" noStyle>
              <Checkbox>{label}</Checkbox>
            </Form.Item>
          ))}
        </div>
      </Form.Item>
      <Form.Item
        label="Email de contact"
        name={['contact', 'email']}
        rules={[
          { required: true, whitespace: true, message: "Veuillez saisir l'email de contact" },
          { type: 'email', message: 'Veuillez saisir une adresse email valide' },
          ...textRules('restaurant_contacts', 'email'),
        ]}
      >
        <Input type="email" autoComplete="email" maxLength={maxLengthOf('restaurant_contacts', 'email')} />
      </Form.Item>
      <Form.Item
        label="Numéro WhatsApp"
        name={['contact', 'whatsapp']}
        extra="Les confirmations de réservation sont envoyées à ce numéro."
        rules={[{ required: true, whitespace: true, message: 'Veuillez saisir le numéro WhatsApp' }, phoneRule, ...textRules('restaurant_contacts', 'whatsapp')]}
      >
        <Input type="tel" autoComplete="tel" placeholder="06 12 34 56 78" maxLength={maxLengthOf('restaurant_contacts', 'whatsapp')} />
      </Form.Item>
      <Form.Item
        label="Téléphone du restaurant"
        name={['contact', 'phone']}
        extra="Facultatif : le numéro donné aux clients dans les e-mails. Sans lui, c’est le numéro WhatsApp."
        rules={[phoneRule]}
      >
        <Input type="tel" autoComplete="tel" placeholder="04 78 00 00 00" />
      </Form.Item>
      <Form.Item label="Délai de réponse habituel" name={['contact', 'responseTime']}>
        <Select options={RESPONSE_TIME_OPTIONS.map((o) => ({ ...o }))} />
      </Form.Item>
      {hasUrlField(props.context) && (
        <Form.Item label="Site web" name="url" rules={[linkRule(WEBSITE_LINK_MESSAGE), ...textRules('restaurants', 'url')]}>
          <Input type="url" placeholder="https://" maxLength={maxLengthOf('restaurants', 'url')} />
        </Form.Item>
      )}
    </Form>
  );
}
