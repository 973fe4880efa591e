/**
 * Spec §2 'Hours': open days, 'different settings per day' (one tab per open day), and for each
 * day the lunch ('midi') and dinner ('soir') services with every field of spec §3.
 */
import { DAYS, type Day, type ServiceSettings } from '@tablee/domain';
import { TIME_SLOTS } from '../constants';
import { Button, Card, Checkbox, Col, Form, InputNumber, Row, Select, Tabs, Typography, type FormRule, type SelectProps } from 'antd';
import { useEffect, useState } from 'react';
import type { SectionContext, SectionFormProps } from '../contract';
import { FormValue, valueAt } from '../form-kit';
import {
  arrivalTimesOutside,
  arrivalTimesOutsideMessage,
  DAY_LABELS,
  groupSizeRanges,
  hasArrivalTimesOutside,
  normalizeHours,
  PROPOSE_ARRIVAL_TIMES_LABEL,
  SERVICE_END_MESSAGE,
  SERVICE_LABELS,
  SIZE_RANGE,
  sizeChoices,
  TO_FIX_LABEL,
  type HoursValue,
  type Range,
  type ServiceKey,
} from './rules';
import { defaultArrivalTimes, isServiceSpan, serviceSlots } from './slots';
import { ALLOW_CLEAR } from '@tablee/domain/french';

/** Open days in week order and arrival times sorted, as they are chosen. */
const inWeekOrder = (days: Day[] | undefined) => DAYS.filter((d) => days?.includes(d));
const sortedTimes = (times: string[] | undefined) => [...new Set(times ?? [])].sort();

const TIME_OPTIONS = TIME_SLOTS.map((t) => ({ value: t, label: t }));
const numberOptions = (values: number[]) => values.map((n) => ({ value: n, label: String(n) }));
const DAY_OPTIONS = DAYS.map((d) => ({ value: d, label: DAY_LABELS[d] }));

/** Whether the second value of a pair may follow the first: a greater size, or a possible service's end. */
type Follows = (first: string | number, second: string | number) => boolean;
const greater: Follows = (first, second) => second > first;
const greaterOrEqual: Follows = (first, second) => second >= first;
/** An end after the start, or after midnight by 06:00 (private.is_service_span). */
const serviceEnd: Follows = (from, to) => isServiceSpan(String(from), String(to));

/**
 * The field must follow another of the same service (end time after start, max size ≥ min);
 * a closed service is not checked.
 */
const afterRule =
  (other: string[], isOpen: string[], message: string, follows: Follows): FormRule =>
  ({ getFieldValue }) => ({
    validator: (_, v: string | number | undefined) => {
      const first = getFieldValue(other) as string | number | undefined;
      const ok = !getFieldValue(isOpen) || v === undefined || first === undefined || follows(first, v);
      return ok ? Promise.resolve() : Promise.reject(new Error(message));
    },
  });

/**
 * A size select (group size, à la carte, privatization): the context's range, plus the value it
 * started with and the current one when outside, so a stored value is always shown and selectable.
 * Inside a Form.Item, which gives value and onChange (and starts it again when the form is reset).
 */
function SizeSelect({ range, value, ...rest }: { range: Range; value?: number } & Omit<SelectProps<number>, 'options' | 'value'>) {
  const [stored] = useState(value);
  return <Select {...rest} value={value} options={numberOptions(sizeChoices(range, stored, value))} />;
}

interface RangeEnd {
  label: string;
  name: string[];
  /** A size range: this end is a SizeSelect rather than a select of `options`. */
  range?: Range;
}

/** Two selects side by side, the second following the first (`follows`: greater by default) while the service is open. */
function RangeFields({
  first,
  second,
  options,
  isOpen,
  disabled,
  message,
  follows = greater,
  searchable = false,
}: {
  first: RangeEnd;
  second: RangeEnd;
  options?: { value: string | number; label: string }[];
  isOpen: string[];
  disabled: boolean;
  message: string;
  follows?: Follows;
  searchable?: boolean;
}) {
  return (
    <Row gutter={12}>
      <Col span={12}>
        <Form.Item label={first.label} name={first.name}>
          {first.range ? <SizeSelect range={first.range} disabled={disabled} /> : <Select options={options} disabled={disabled} showSearch={searchable} />}
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label={second.label} name={second.name} dependencies={[first.name, isOpen]} rules={[afterRule(first.name, isOpen, message, follows)]}>
          {second.range ? <SizeSelect range={second.range} disabled={disabled} /> : <Select options={options} disabled={disabled} showSearch={searchable} />}
        </Form.Item>
      </Col>
    </Row>
  );
}

type SettingsPath = ['defaultSettings'] | ['specificDaySettings', Day];

interface ServiceFieldsProps {
  path: [...SettingsPath, ServiceKey];
  context: SectionContext;
  disabled: boolean;
  /** Appended to the section's accessible name, so each service of each tab is told apart. */
  dayLabel?: string;
}

type ServiceSwitches = Pick<ServiceSettings, 'isOpen' | 'allowALaCarte' | 'partialPrivatizationSupplement'>;

/** A service's card, rendered again only when one of its switches (which enable its other fields) changes. */
function ServiceFields(props: ServiceFieldsProps) {
  const flag = (key: keyof ServiceSwitches) => (values: HoursValue) => !!valueAt(values, [...props.path, key]);
  return (
    <FormValue select={flag('isOpen')}>
      {(isOpen) => (
        <FormValue select={flag('allowALaCarte')}>
          {(allowALaCarte) => (
            <FormValue select={flag('partialPrivatizationSupplement')}>
              {(partialPrivatizationSupplement) => <ServiceCard {...props} service={{ isOpen, allowALaCarte, partialPrivatizationSupplement }} />}
            </FormValue>
          )}
        </FormValue>
      )}
    </FormValue>
  );
}

function ServiceCard({ path, context, disabled, dayLabel, service }: ServiceFieldsProps & { service: ServiceSwitches }) {
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
        <RangeFields
          first={{ label: 'De', name: name('hours', 'from') }}
          second={{ label: 'À', name: name('hours', 'to') }}
          options={TIME_OPTIONS}
          isOpen={name('isOpen')}
          disabled={closed}
          message={SERVICE_END_MESSAGE}
          follows={serviceEnd}
          searchable
        />
        <Form.Item
          label="Capacité du service (couverts)"
          name={name('capacity')}
          extra="Vide : sans limite. Le planning et l'acceptation des demandes en tiennent compte."
          rules={[{ type: 'integer', min: 1, max: 999, message: 'La capacité doit être un nombre entier de couverts entre 1 et 999' }]}
        >
          {/* No min, max or precision: the input would quietly turn -5 into 1 or 2.5 into 3; the rule says what is wrong. */}
          <InputNumber placeholder="Sans limite" style={{ width: '100%' }} disabled={closed} />
        </Form.Item>
        <ArrivalTimesField path={path} disabled={closed} />
        <RangeFields
          first={{ label: 'Taille de groupe min.', name: name('groupSize', 'min'), range: ranges.min }}
          second={{ label: 'Taille de groupe max.', name: name('groupSize', 'max'), range: ranges.max }}
          isOpen={name('isOpen')}
          disabled={closed}
          message="La taille maximale doit être supérieure ou égale à la taille minimale"
          follows={greaterOrEqual}
        />
        <Row gutter={12} align="bottom">
          <Col span={12}>
            <Form.Item name={name('allowALaCarte')} valuePropName="checked">
              <Checkbox disabled={closed}>Autoriser la carte</Checkbox>
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="Taille max. à la carte" name={name('maxALaCarteSize')}>
              <SizeSelect range={SIZE_RANGE} disabled={closed || !service.allowALaCarte} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name={name('partialPrivatizationSupplement')} valuePropName="checked" style={{ marginBottom: 12 }}>
          <Checkbox disabled={closed}>Supplément de privatisation partielle</Checkbox>
        </Form.Item>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item label="Taille min. de privatisation" name={name('partialPrivatizationMinSize')}>
              <SizeSelect range={SIZE_RANGE} disabled={closed || !service.partialPrivatizationSupplement} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="Montant du supplément (€ TTC)" name={name('partialPrivatizationAmount')} rules={[{ type: 'number', min: 0, message: 'Le montant ne peut pas être négatif' }]}>
              <InputNumber min={0} step={0.01} precision={2} decimalSeparator="," style={{ width: '100%' }} disabled={closed || !service.partialPrivatizationSupplement} />
            </Form.Item>
          </Col>
        </Row>
      </Card>
    </section>
  );
}

/** Every arrival time must be a slot of the service's hours as chosen (a closed service is not checked). */
const withinHoursRule =
  (path: string[]): FormRule =>
  ({ getFieldValue }) => ({
    validator: (_, times: string[] | undefined) => {
      const outside = getFieldValue([...path, 'isOpen']) ? arrivalTimesOutside(times, getFieldValue([...path, 'hours', 'from']), getFieldValue([...path, 'hours', 'to'])) : [];
      return outside.length === 0 ? Promise.resolve() : Promise.reject(new Error(arrivalTimesOutsideMessage(outside)));
    },
  });

/**
 * A service's arrival times: chosen among the slots of its own hours, as chosen now (changing the hours
 * offers other slots and checks the chosen ones again), with the default set proposed by a button. A
 * stored time now outside the hours stays, shown with its error, until the owner removes it.
 */
function ArrivalTimesField({ path, disabled }: { path: string[]; disabled: boolean }) {
  const form = Form.useFormInstance();
  const name = [...path, 'arrivalTimes'];
  const hours = [...path, 'hours'];
  // A stored time outside the hours is shown as an error at once, not only when saving.
  useEffect(() => {
    const { from, to } = form.getFieldValue(hours) ?? {};
    if (form.getFieldValue([...path, 'isOpen']) && arrivalTimesOutside(form.getFieldValue(name), from, to).length > 0) void form.validateFields([name]).catch(() => undefined);
    // Once, when the field appears: later changes are checked by the field's own rule.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    // The hours as one string, so that this part renders again only when they change.
    <FormValue select={(v: HoursValue) => `${valueAt(v, [...hours, 'from'])} ${valueAt(v, [...hours, 'to'])}`}>
      {(range) => {
        const [from, to] = range.split(' ');
        const propose = () => {
          form.setFieldValue(name, defaultArrivalTimes(from, to));
          void form.validateFields([name]).catch(() => undefined);
        };
        return (
          <Form.Item
            label="Heures d'arrivée"
            name={name}
            normalize={sortedTimes}
            dependencies={[
              [...hours, 'from'],
              [...hours, 'to'],
              [...path, 'isOpen'],
            ]}
            rules={[withinHoursRule(path)]}
            extra={
              <span style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 8 }}>
                <span>Les heures auxquelles un groupe peut arriver, dans les horaires du service.</span>
                <Button type="link" size="small" style={{ paddingInline: 0 }} disabled={disabled} onClick={propose}>
                  {PROPOSE_ARRIVAL_TIMES_LABEL}
                </Button>
              </span>
            }
          >
            <Select
              mode="multiple"
              options={serviceSlots(from, to).map((t) => ({ value: t, label: t }))}
              disabled={disabled}
              placeholder="Choisir les heures d'arrivée"
              allowClear={ALLOW_CLEAR}
            />
          </Form.Item>
        );
      }}
    </FormValue>
  );
}

/** A day's tab: its name, and '(à corriger)' while one of its services keeps an arrival time outside its hours. */
function DayTabLabel({ day }: { day: Day }) {
  return (
    <FormValue select={(v: HoursValue) => hasArrivalTimesOutside(v.specificDaySettings?.[day])}>
      {(toFix) => (
        <>
          {DAY_LABELS[day]}
          {toFix && <Typography.Text type="danger"> {TO_FIX_LABEL}</Typography.Text>}
        </>
      )}
    </FormValue>
  );
}

function DayFields({ path, context, disabled, dayLabel }: { path: SettingsPath; context: SectionContext; disabled: boolean; dayLabel?: string }) {
  return (
    <Row gutter={[16, 16]}>
      {(['lunchService', 'dinnerService'] as const).map((key) => (
        <Col key={key} xs={24} xl={12}>
          <ServiceFields path={[...path, key]} context={context} disabled={disabled} dayLabel={dayLabel} />
        </Col>
      ))}
    </Row>
  );
}

export function HoursForm({ form, initialValue, context, disabled: disabledProp }: SectionFormProps<HoursValue>) {
  const disabled = !!disabledProp;
  /** Spec §3: with different settings per day, a day that opens starts as a copy of the default settings. */
  const onValuesChange = (changed: Partial<HoursValue>) => {
    if (changed.daysOpen === undefined && changed.hasDifferentSettings === undefined) return;
    form.setFieldValue('specificDaySettings', normalizeHours(form.getFieldsValue(true)).specificDaySettings);
  };
  return (
    <Form form={form} layout="vertical" initialValues={initialValue} onValuesChange={onValuesChange} disabled={disabled}>
      <Form.Item label="Jours d'ouverture" name="daysOpen" normalize={inWeekOrder}>
        <Checkbox.Group options={DAY_OPTIONS} />
      </Form.Item>
      <Form.Item name="hasDifferentSettings" valuePropName="checked">
        <Checkbox>Paramètres différents selon les jours</Checkbox>
      </Form.Item>
      {/* The per-day tabs follow the open days (a string, so that it compares by value). */}
      <FormValue select={(v: HoursValue) => (v.hasDifferentSettings ? v.daysOpen.join(' ') : null)}>
        {(perDay) =>
          perDay === null ? (
            <DayFields path={['defaultSettings']} context={context} disabled={disabled} />
          ) : perDay === '' ? (
            <Typography.Paragraph type="secondary">Aucun jour d'ouverture sélectionné.</Typography.Paragraph>
          ) : (
            <Tabs
              items={(perDay.split(' ') as Day[]).map((day) => ({
                key: day,
                label: <DayTabLabel day={day} />,
                children: <DayFields path={['specificDaySettings', day]} context={context} disabled={disabled} dayLabel={DAY_LABELS[day]} />,
              }))}
            />
          )
        }
      </FormValue>
    </Form>
  );
}
