/** Spec §2 'CGV': cancellation and modification policies (one choice each) and an optional PDF link. */
import { Form, Input, Radio } from 'antd';
import type { SectionFormProps } from '../contract';
import { POLICY_OPTIONS, type CgvValue } from './rules';
import { CGV_LINK_MESSAGE, linkRule } from '../links';
import { maxLengthOf, textRules } from '../field-rules';

const options = POLICY_OPTIONS.map((o) => ({ ...o }));

export function CgvForm(props: SectionFormProps<CgvValue>) {
  return (
    <Form form={props.form} layout="vertical" initialValues={props.initialValue} disabled={props.disabled} style={{ maxWidth: 720 }}>
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
      <Form.Item label="Lien vers vos CGV (PDF, facultatif)" name="link" rules={[linkRule(CGV_LINK_MESSAGE), ...textRules('restaurant_cgv', 'link')]}>
        <Input type="url" placeholder="https://" maxLength={maxLengthOf('restaurant_cgv', 'link')} />
      </Form.Item>
    </Form>
  );
}
