/**
 * Spec §2 'CGV': cancellation and modification policies (one choice each), the nature of the sums paid
 * in advance (arrhes or acompte, each with what it means), the no-show fee charged on the card imprint,
 * and an optional PDF link.
 */
import { Form, Input, InputNumber, Radio, Select, Typography, type FormRule } from 'antd';
import { useId } from 'react';
import type { SectionFormProps } from '../contract';
import {
  ADVANCE_NATURE_HELP,
  ADVANCE_NATURE_OPTIONS,
  isNoShowFeeAmount,
  NO_SHOW_FEE_AMOUNT_RANGE_MESSAGE,
  NO_SHOW_FEE_AMOUNT_REQUIRED_MESSAGE,
  NO_SHOW_FEE_HELP,
  NO_SHOW_FEE_MAX,
  NO_SHOW_FEE_MIN,
  NO_SHOW_FEE_OPTIONS,
  POLICY_OPTIONS,
  type CgvValue,
  type NoShowFeeType,
} from './rules';
import { CGV_LINK_MESSAGE, linkRule } from '../links';
import { maxLengthOf, textRules } from '../field-rules';
import { FormValue } from '../form-kit';

const options = POLICY_OPTIONS.map((o) => ({ ...o }));
const feeOptions = NO_SHOW_FEE_OPTIONS.map((o) => ({ ...o }));

/** Required once a fee type is chosen, within save_restaurant_cgv's bounds (an emptied field is null). */
const amountRule: FormRule = {
  validator: (_, amount: number | null | undefined) => {
    if (typeof amount !== 'number' || Number.isNaN(amount)) return Promise.reject(new Error(NO_SHOW_FEE_AMOUNT_REQUIRED_MESSAGE));
    return isNoShowFeeAmount(amount) ? Promise.resolve() : Promise.reject(new Error(NO_SHOW_FEE_AMOUNT_RANGE_MESSAGE));
  },
};

/** Arrhes or acompte: each choice followed by the one sentence of what it means (the radio's description). */
function AdvanceNatureChoices() {
  const id = useId();
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      {ADVANCE_NATURE_OPTIONS.map((o) => (
        <div key={o.value}>
          <Radio value={o.value} aria-describedby={`${id}-${o.value}`}>
            {o.label}
          </Radio>
          <Typography.Text type="secondary" id={`${id}-${o.value}`} style={{ display: 'block', marginInlineStart: 24 }}>
            {o.consequence}
          </Typography.Text>
        </div>
      ))}
    </div>
  );
}

export function CgvForm(props: SectionFormProps<CgvValue>) {
  const { form } = props;
  /** Back to 'Aucun', the amount typed is dropped: nothing is stored for it, so it is no change either. */
  const onValuesChange = (changed: Partial<CgvValue>) => {
    if (changed.noShowFee?.type === 'none') form.setFieldValue(['noShowFee', 'amount'], undefined);
  };
  return (
    <Form form={form} layout="vertical" initialValues={props.initialValue} disabled={props.disabled} onValuesChange={onValuesChange} style={{ maxWidth: 720 }}>
      <Form.Item
        label="Politique d'annulation"
        name="cancellationPolicy"
        extra="Délai minimum avant la réservation pour annuler sans frais."
        rules={[{ required: true, message: "Veuillez choisir une politique d'annulation" }]}
      >
        <Radio.Group options={options} />
      </Form.Item>
      <Form.Item
        label="Politique de modification"
        name="modificationPolicy"
        extra="Délai minimum avant la réservation pour modifier la réservation."
        rules={[{ required: true, message: 'Veuillez choisir une politique de modification' }]}
      >
        <Radio.Group options={options} />
      </Form.Item>
      <Form.Item label="Nature des sommes versées d'avance" name="advancePaymentNature" extra={ADVANCE_NATURE_HELP}>
        <Radio.Group>
          <AdvanceNatureChoices />
        </Radio.Group>
      </Form.Item>
      <Form.Item label="Frais de non-présentation (empreinte bancaire)" name={['noShowFee', 'type']} extra={NO_SHOW_FEE_HELP}>
        <Select options={feeOptions} style={{ maxWidth: 240 }} />
      </Form.Item>
      {/* The amount only with a fee type: only this part renders again when the type changes. */}
      <FormValue select={(v: CgvValue) => v.noShowFee?.type ?? 'none'}>
        {(type: NoShowFeeType) =>
          type !== 'none' && (
            <Form.Item label="Montant" name={['noShowFee', 'amount']} rules={[amountRule]}>
              <InputNumber min={NO_SHOW_FEE_MIN} max={NO_SHOW_FEE_MAX} step={0.01} precision={2} decimalSeparator="," suffix="€" style={{ width: 200 }} />
            </Form.Item>
          )
        }
      </FormValue>
      <Form.Item label="Lien vers vos CGV (PDF, facultatif)" name="link" rules={[linkRule(CGV_LINK_MESSAGE), ...textRules('restaurant_cgv', 'link')]}>
        <Input type="url" placeholder="https://" maxLength={maxLengthOf('restaurant_cgv', 'link')} />
      </Form.Item>
    </Form>
  );
}
