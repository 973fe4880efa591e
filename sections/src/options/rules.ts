/** Option rules of spec §3, §5, §9: title not blank, price ≥ 0 (step 0.01), per person by default. */
import { DEFAULT_PRICE_TYPE } from '../constants';
import type { AdditionalOption, PriceType } from '@tablee/domain';
import type { FormRule } from 'antd';
import { textRules } from '../field-rules';

/** The section's value: the options in display order (a Form.List). */
export interface OptionsValue {
  options: AdditionalOption[];
}

export const PRICE_TYPE_OPTIONS: readonly { value: PriceType; label: string }[] = [
  { value: 'per_person', label: 'Par personne' },
  { value: 'total', label: 'Total' },
];
export const priceTypeLabel = (type: PriceType) => PRICE_TYPE_OPTIONS.find((o) => o.value === type)?.label ?? type;

export const OPTION_TITLE_REQUIRED = "Le titre de l'option est obligatoire";
export const OPTION_PRICE_INVALID = 'Le prix doit être un montant positif ou nul';

export const EDIT_IN_PROGRESS = "Validez ou annulez la modification de l'option en cours";

export const emptyOption = (): AdditionalOption => ({ title: '', price: 0, priceType: DEFAULT_PRICE_TYPE });

/** The French problems of one option, empty when it can be added or kept. */
export function optionErrors(option: Pick<AdditionalOption, 'title' | 'price'>): string[] {
  const errors: string[] = [];
  if (option.title.trim() === '') errors.push(OPTION_TITLE_REQUIRED);
  if (typeof option.price !== 'number' || !Number.isFinite(option.price) || option.price < 0) errors.push(OPTION_PRICE_INVALID);
  return errors;
}

/** The same rules as antd rules, for the option fields. */
export const optionTitleRules: FormRule[] = [{ required: true, whitespace: true, message: OPTION_TITLE_REQUIRED }, ...textRules('restaurant_options', 'title')];
export const optionPriceRule: FormRule = {
  validator: (_, price: number) => (optionErrors({ title: 'x', price }).length ? Promise.reject(new Error(OPTION_PRICE_INVALID)) : Promise.resolve()),
};

export const canAddOption = (draft: Pick<AdditionalOption, 'title' | 'price'>) => optionErrors(draft).length === 0;

/** The p_options argument of save_restaurant_options, in display order. */
export const optionsToPayload = ({ options }: OptionsValue) => options.map((o) => ({ id: o.id, title: o.title.trim(), price: o.price, priceType: o.priceType }));
