/**
 * Spec §2 'Hours': open days, 'different settings per day' (one tab per open day), and for each
 * day the lunch ('midi') and dinner ('soir') services with every field of spec §3.
 */
import { DAYS, TIME_SLOTS, type Day, type ServiceSettings } from '@tablee/shared';
import { Card, Checkbox, Col, Form, InputNumber, Row, Select, Tabs, Typography, type FormRule } from 'antd';
import type { SectionContext, SectionFormProps } from '../contract';
import { useSectionForm } from '../form-sync';
import { DAY_LABELS, groupSizeRanges, normalizeHours, rangeValues, SERVICE_LABELS, SIZE_RANGE, type HoursValue, type ServiceKey } from './hours';

const TIME_OPTIONS = TIME_SLOTS.map((t) => ({ value: t, label: t }));
const numberOptions = (values: number[]) => values.map((n) => ({ value: n, label: String(n) }));
const DAY_OPTIONS = DAYS.map((d) => ({ value: d, label: DAY_LABELS[d] }));

/**
 * The field must come after another of the same service (end time after start, max size ≥ min);
 * a closed service is not checked.
 */
const afterRule =
  (other: string[], isOpen: string[], message: string, orEqual = false): FormRule =>
  ({ getFieldValue }) => ({
    validator: (_, v: string | number | undefined) => {
      const first = getFieldValue(other) as string | number | undefined;
      const ok = !getFieldValue(isOpen) || v === undefined || first === undefined || v > first || (orEqual && v === first);
      return ok ? Promise.resolve() : Promise.reject(new Error(message));
    },
  });

type SettingsPath = ['defaultSettings'] | ['specificDaySettings', Day];

interface ServiceFieldsProps {
  path: [...SettingsPath, ServiceKey];
  service: ServiceSettings;
  context: SectionContext;
  disabled: boolean;
  /** Appended to the section's accessible name, so each service of each tab is told apart. */
  dayLabel?: string;
}

function ServiceFields({ path, service, context, disabled, dayLabel }: ServiceFieldsProps) {
  const key = path[path.length - 1] as ServiceKey;
  const title = SERVICE_LABELS[key];
  const closed = disabled || !service.isOpen;
  const ranges = groupSizeRanges(context);
  const name = (...rest: string[]) => [...path, ...rest];
  return (
    <section aria-label={dayLabel ? `${title} — ${dayLabel}` : title}>
      <Card size="small" title={title}>
        <Form.Item name={name('isOpen')} valuePropName="checked" style={{ marginBottom: 12 }}>
          <Checkbox disabled={disabled}>Service ouvert</Checkbox>
        </Form.Item>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item label="De" name={name('hours', 'from')}>
              <Select options={TIME_OPTIONS} disabled={closed} showSearch />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              label="À"
              name={name('hours', 'to')}
              dependencies={[name('hours', 'from'), name('isOpen')]}
              rules={[afterRule(name('hours', 'from'), name('isOpen'), "L'heure de fin doit être après l'heure de début")]}
            >
              <Select options={TIME_OPTIONS} disabled={closed} showSearch />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label="Heures d'arrivée" name={name('arrivalTimes')} extra="Les heures auxquelles un groupe peut arriver.">
          <Select mode="multiple" options={TIME_OPTIONS} disabled={closed} placeholder="Choisir les heures d'arrivée" allowClear />
        </Form.Item>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item label="Taille de groupe min." name={name('groupSize', 'min')}>
              <Select options={numberOptions(rangeValues(ranges.min))} disabled={closed} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              label="Taille de groupe max."
              name={name('groupSize', 'max')}
              dependencies={[name('groupSize', 'min'), name('isOpen')]}
              rules={[afterRule(name('groupSize', 'min'), name('isOpen'), 'La taille maximale doit être supérieure ou égale à la taille minimale', true)]}
            >
              <Select options={numberOptions(rangeValues(ranges.max))} disabled={closed} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12} align="bottom">
          <Col span={12}>
            <Form.Item name={name('allowALaCarte')} valuePropName="checked">
              <Checkbox disabled={closed}>Autoriser la carte</Checkbox>
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="Taille max. à la carte" name={name('maxALaCarteSize')}>
              <Select options={numberOptions(rangeValues(SIZE_RANGE))} disabled={closed || !service.allowALaCarte} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name={name('partialPrivatizationSupplement')} valuePropName="checked" style={{ marginBottom: 12 }}>
          <Checkbox disabled={closed}>Supplément de privatisation partielle</Checkbox>
        </Form.Item>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item label="Taille min. de privatisation" name={name('partialPrivatizationMinSize')}>
              <Select options={numberOptions(rangeValues(SIZE_RANGE))} disabled={closed || !service.partialPrivatizationSupplement} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              label="Montant du supplément (€ TTC)"
              name={name('partialPrivatizationAmount')}
              rules={[{ type: 'number', min: 0, message: 'Le montant ne peut pas être négatif' }]}
            >
              <InputNumber min={0} step={0.01} precision={2} decimalSeparator="," style={{ width: '100%' }} disabled={closed || !service.partialPrivatizationSupplement} />
            </Form.Item>
          </Col>
        </Row>
      </Card>
    </section>
  );
}

function DayFields({ path, value, context, disabled, dayLabel }: { path: SettingsPath; value: HoursValue; context: SectionContext; disabled: boolean; dayLabel?: string }) {
  const settings = path[0] === 'defaultSettings' ? value.defaultSettings : value.specificDaySettings[path[1]];
  if (!settings) return null;
  return (
    <Row gutter={[16, 16]}>
      {(['lunchService', 'dinnerService'] as const).map((key) => (
        <Col key={key} xs={24} xl={12}>
          <ServiceFields path={[...path, key]} service={settings[key]} context={context} disabled={disabled} dayLabel={dayLabel} />
        </Col>
      ))}
    </Row>
  );
}

export function HoursForm(props: SectionFormProps<HoursValue>) {
  const { form, onValuesChange } = useSectionForm(props, (_, next) => normalizeHours(next));
  const { value, context } = props;
  const disabled = !!props.disabled;
  return (
    <Form form={form} layout="vertical" initialValues={value} onValuesChange={onValuesChange} disabled={disabled}>
      <Form.Item label="Jours d'ouverture" name="daysOpen">
        <Checkbox.Group options={DAY_OPTIONS} />
      </Form.Item>
      <Form.Item name="hasDifferentSettings" valuePropName="checked">
        <Checkbox>Paramètres différents selon les jours</Checkbox>
      </Form.Item>
      {value.hasDifferentSettings ? (
        value.daysOpen.length === 0 ? (
          <Typography.Paragraph type="secondary">Aucun jour d'ouverture sélectionné.</Typography.Paragraph>
        ) : (
          <Tabs
            items={value.daysOpen.map((day) => ({
              key: day,
              label: DAY_LABELS[day],
              children: <DayFields path={['specificDaySettings', day]} value={value} context={context} disabled={disabled} dayLabel={DAY_LABELS[day]} />,
            }))}
          />
        )
      ) : (
        <DayFields path={['defaultSettings']} value={value} context={context} disabled={disabled} />
      )}
    </Form>
  );
}
