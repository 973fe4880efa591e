/**
 * Spec §2 'Billing': legal information, headquarters address, payment conditions (deposit rules of
 * spec §4), remaining payment (exactly one of on site / online), bank details, billing contact.
 */
import { AutoComplete, Card, Checkbox, Col, Form, Input, InputNumber, Radio, Row, type FormRule } from 'antd';
import type { RuleObject } from 'antd/es/form';
import type { ReactNode } from 'react';
import type { SectionFormProps } from '../contract';
import { FormValue } from '../form-kit';
import {
  applyDepositToggle,
  bicError,
  depositAmountLimits,
  DEPOSIT_METHOD_OPTIONS,
  DEPOSIT_TYPE_OPTIONS,
  ibanError,
  LEGAL_FORMS,
  paymentLinkError,
  postalCodeError,
  REMAINING_PAYMENT_OPTIONS,
  siretError,
  vatError,
  type BillingValue,
} from './rules';
import { phoneError } from '../information/rules';
import { maxLengthOf, textRules, type TextColumn } from '../field-rules';

const required = (message: string): FormRule => ({ required: true, whitespace: true, message });
/** The rules of the column a field is stored in (its maximum, one line for names), and its maximum for the input. */
const stored = (column: TextColumn<'restaurant_billing'>) => textRules('restaurant_billing', column);
const max = (column: TextColumn<'restaurant_billing'>) => maxLengthOf('restaurant_billing', column);
/** A rule from a pure check returning a French message or null; empty is left to the required rule. */
const check = (error: (v: string) => string | null): RuleObject => ({
  validator: (_, v: string | undefined) => {
    const message = v ? error(v) : null;
    return message ? Promise.reject(new Error(message)) : Promise.resolve();
  },
});

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <Card size="small" title={title}>
        {children}
      </Card>
    </section>
  );
}

type Remaining = BillingValue['remainingPayment'];

export function BillingForm({ context, form, initialValue, disabled }: SectionFormProps<BillingValue>) {
  /** Spec §4: checking or unchecking the deposit resets its other fields, by context. */
  const onValuesChange = (changed: Partial<BillingValue>) => {
    const checked = changed.paymentConditions?.requiresDeposit;
    if (checked === undefined) return;
    form.setFieldValue('paymentConditions', applyDepositToggle(form.getFieldsValue(true), checked, context).paymentConditions);
  };
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initialValue}
      onValuesChange={onValuesChange}
      disabled={disabled}
      style={{ display: 'flex', flexDirection: 'column', gap: 16, maxWidth: 900 }}
    >
      <Group title="Informations légales">
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item label="Raison sociale" name={['legalInformation', 'companyName']} rules={[required('Veuillez saisir la raison sociale'), ...stored('company_name')]}>
              <Input autoComplete="organization" maxLength={max('company_name')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Forme juridique" name={['legalInformation', 'legalForm']} rules={[required('Veuillez saisir la forme juridique'), ...stored('legal_form')]}>
              <AutoComplete options={LEGAL_FORMS.map((f) => ({ value: f }))} maxLength={max('legal_form')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Numéro SIRET" name={['legalInformation', 'siretNumber']} rules={[required('Veuillez saisir le numéro SIRET'), check(siretError), ...stored('siret_number')]}>
              <Input inputMode="numeric" placeholder="14 chiffres" maxLength={max('siret_number')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Ville du RCS" name={['legalInformation', 'rcsCity']} rules={[required('Veuillez saisir la ville du RCS'), ...stored('rcs_city')]}>
              <Input maxLength={max('rcs_city')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label="Numéro de TVA intracommunautaire"
              name={['legalInformation', 'vatNumber']}
              // Checked against the SIRET when the VAT number changes or the form is checked (not each time the
              // SIRET changes: an untouched VAT number would be marked as missing while the SIRET is typed).
              rules={[
                required('Veuillez saisir le numéro de TVA intracommunautaire'),
                ({ getFieldValue }) => check((v) => vatError(v, getFieldValue(['legalInformation', 'siretNumber']) ?? '')),
                ...stored('vat_number'),
              ]}
            >
              <Input placeholder="FR12345678901" maxLength={max('vat_number')} />
            </Form.Item>
          </Col>
        </Row>
      </Group>

      <Group title="Adresse du siège social">
        <Form.Item label="Adresse" name={['headquartersAddress', 'address']} rules={[required("Veuillez saisir l'adresse du siège"), ...stored('address')]}>
          <Input autoComplete="street-address" maxLength={max('address')} />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} sm={8}>
            <Form.Item
              label="Code postal"
              name={['headquartersAddress', 'postalCode']}
              dependencies={[['headquartersAddress', 'country']]}
              rules={[
                required('Veuillez saisir le code postal'),
                ({ getFieldValue }) => check((v) => postalCodeError(v, getFieldValue(['headquartersAddress', 'country']) ?? '')),
                ...stored('postal_code'),
              ]}
            >
              <Input inputMode="numeric" autoComplete="postal-code" maxLength={max('postal_code')} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item label="Ville" name={['headquartersAddress', 'city']} rules={[required('Veuillez saisir la ville'), ...stored('city')]}>
              <Input autoComplete="address-level2" maxLength={max('city')} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item label="Pays" name={['headquartersAddress', 'country']} rules={[required('Veuillez saisir le pays'), ...stored('country')]}>
              <Input autoComplete="country-name" maxLength={max('country')} />
            </Form.Item>
          </Col>
        </Row>
      </Group>

      <Group title="Conditions de paiement">
        <Form.Item name={['paymentConditions', 'requiresDeposit']} valuePropName="checked">
          <Checkbox>Exiger un acompte ou une empreinte bancaire</Checkbox>
        </Form.Item>
        {/* The deposit's switch and type decide its other fields and their rules: only they render again. */}
        <FormValue select={(v: BillingValue) => `${!!v.paymentConditions?.requiresDeposit} ${v.paymentConditions?.depositType ?? ''}`}>
          {() => {
            const deposit: BillingValue['paymentConditions'] = form.getFieldValue('paymentConditions');
            const depositOff = !!disabled || !deposit.requiresDeposit;
            const limits = depositAmountLimits(deposit.depositType);
            return (
              <>
                <Form.Item
                  label="Mode"
                  name={['paymentConditions', 'depositMethod']}
                  rules={deposit.requiresDeposit ? [{ required: true, message: 'Veuillez choisir acompte ou empreinte bancaire' }] : []}
                >
                  <Radio.Group options={DEPOSIT_METHOD_OPTIONS.map((o) => ({ ...o }))} disabled={depositOff} />
                </Form.Item>
                <Row gutter={12}>
                  <Col xs={24} sm={12}>
                    <Form.Item
                      label="Type de montant"
                      name={['paymentConditions', 'depositType']}
                      rules={deposit.requiresDeposit ? [{ required: true, message: 'Veuillez choisir pourcentage ou montant fixe' }] : []}
                    >
                      <Radio.Group options={DEPOSIT_TYPE_OPTIONS.map((o) => ({ ...o }))} disabled={depositOff} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={12}>
                    <Form.Item
                      label={deposit.depositType === 'fixed' ? 'Montant (€ TTC)' : 'Montant (%)'}
                      name={['paymentConditions', 'depositAmount']}
                      dependencies={[['paymentConditions', 'depositType']]}
                      rules={
                        deposit.requiresDeposit
                          ? [
                              { required: true, message: 'Veuillez saisir le montant' },
                              { type: 'number', min: 0, message: 'Le montant ne peut pas être négatif' },
                              ...(limits.max !== undefined ? [{ type: 'number' as const, max: limits.max, message: 'Le pourcentage ne peut pas dépasser 100' }] : []),
                            ]
                          : []
                      }
                    >
                      <InputNumber min={limits.min} max={limits.max} step={limits.step} precision={limits.precision} decimalSeparator="," style={{ width: '100%' }} disabled={depositOff} />
                    </Form.Item>
                  </Col>
                </Row>
              </>
            );
          }}
        </FormValue>
        <Form.Item
          label="Lien de paiement de l’acompte (facultatif)"
          name={['paymentConditions', 'paymentLink']}
          rules={[check(paymentLinkError)]}
          extra="Le lien de votre prestataire de paiement (Stripe, SumUp, PayPal…), écrit dans l’email d’acceptation. Tablée n’encaisse rien."
        >
          <Input inputMode="url" autoComplete="off" placeholder="https://…" maxLength={max('payment_link')} />
        </Form.Item>
        <Form.Item
          label="Paiement du solde"
          name="remainingPayment"
          getValueProps={(r: Remaining) => ({ value: r?.online ? 'online' : 'onSite' })}
          normalize={(choice: string): Remaining => ({ onSite: choice === 'onSite', online: choice === 'online' })}
        >
          <Radio.Group options={REMAINING_PAYMENT_OPTIONS.map((o) => ({ ...o }))} />
        </Form.Item>
      </Group>

      <Group title="Coordonnées bancaires">
        <Row gutter={12}>
          <Col xs={24} md={16}>
            <Form.Item label="IBAN" name={['bankDetails', 'iban']} rules={[required("Veuillez saisir l'IBAN"), check(ibanError), ...stored('iban')]}>
              <Input autoComplete="off" placeholder="FR76 …" maxLength={max('iban')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label="BIC" name={['bankDetails', 'bic']} rules={[required('Veuillez saisir le BIC'), check(bicError), ...stored('bic')]}>
              <Input autoComplete="off" maxLength={max('bic')} />
            </Form.Item>
          </Col>
        </Row>
      </Group>

      <Group title="Contact facturation">
        <Row gutter={12}>
          <Col xs={24} md={8}>
            <Form.Item label="Nom du contact" name={['billingContact', 'name']} rules={[required('Veuillez saisir le nom du contact'), ...stored('contact_name')]}>
              <Input autoComplete="name" maxLength={max('contact_name')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              label="Email de facturation"
              name={['billingContact', 'email']}
              rules={[required("Veuillez saisir l'email de facturation"), { type: 'email', message: 'Veuillez saisir une adresse email valide' }, ...stored('contact_email')]}
            >
              <Input type="email" autoComplete="email" maxLength={max('contact_email')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label="Téléphone" name={['billingContact', 'phone']} rules={[required('Veuillez saisir le téléphone du contact'), check(phoneError), ...stored('contact_phone')]}>
              <Input type="tel" autoComplete="tel" placeholder="04 78 00 00 00" maxLength={max('contact_phone')} />
            </Form.Item>
          </Col>
        </Row>
      </Group>
    </Form>
  );
}
