// Files of @tablee/sections import the kernel by its package name ('@tablee/shared'), never by a
// relative path: the kernel is a federation singleton, and only its package name reaches the page's
// one instance of the Supabase client, session and query cache.
import type { FormInstance } from 'antd';

/**
 * The contract every section form follows (information, photos, hours, menus, options, billing, cgv,
 * faq). A section form is written once, here in @tablee/sections, and used by two pages:
 * - the edit tab of mfe-restaurant-profile (explicit 'Enregistrer les modifications', toast, guard);
 * - the onboarding step of mfe-onboarding (autosave as the owner types).
 * The antd form owns the value (its store starts as `initialValue`; lists are `Form.List`s) and
 * persists nothing: the page reads the value with `form.getFieldsValue(true)`, observes it with
 * `Form.useWatch`, and decides when it is saved. The rules that differ between the two (group-size
 * ranges, menu add rule, deposit clearing…) are decided inside the form from `context`.
 */
export type SectionContext = 'onboarding' | 'edit';

/** A section's value is the store of its antd form: always an object (lists sit under a key). */
export interface SectionFormProps<T extends object> {
  context: SectionContext;
  restaurantId: string;
  /** The antd form instance the section's <Form> binds to; the page reads, watches and validates through it. */
  form: FormInstance<T>;
  /** The value the form starts from (antd `initialValues`). */
  initialValue: T;
  /** True while a save runs, when the page wants the form read-only. */
  disabled?: boolean;
  /**
   * Called when the form itself stored part of its value at once (a photo uploaded or deleted), with
   * how the last saved value changes, so the page does not count it as an unsaved change.
   */
  onStored?: (update: (saved: T) => T) => void;
}

/*
 * Layout, for a section X (information, photos, hours, menus, options, billing, cgv, faq), in
 * sections/src/<x>/: `rules.ts` (the value, its defaults, choices and checks: pure), `api.ts` (`xApi`,
 * a SectionApi<XValue>: the data calls) and the form (`XForm.tsx`, a component taking
 * SectionFormProps<XValue>; the FAQ's is `FaqManager.tsx`), all exported from ./index.ts.
 */

/**
 * What a section's load found. `stored` is false when the section's rows do not exist yet (a restaurant
 * left before that step, rows deleted): `value` is then a proposal (the defaults), shown as such by the
 * edit tab, whose save stays enabled so the owner can store it.
 */
export interface SectionLoad<T> {
  value: T;
  stored: boolean;
}

/** A load that always finds its value stored (lists, where none is a stored state). */
export const storedValue = <T>(value: T): SectionLoad<T> => ({ value, stored: true });

/** The data side of a section: one request to load, one transaction to save. */
export interface SectionApi<T> {
  /** The section's name in its query key (queries.ts): apis that load different values have different keys. */
  key: string;
  load: (restaurantId: string) => Promise<SectionLoad<T>>;
  /** Resolves when stored; rejects (nothing stored) otherwise. */
  save: (restaurantId: string, value: T) => Promise<void>;
  /**
   * The form field of each stored column ('<table>.<column>' → its name path in the form), where a
   * refusal of the database is shown (saveRefusal). A column without one shows its refusal in the toast.
   */
  fields?: Readonly<Record<string, FieldPath>>;
}

export type FieldPath = readonly (string | number)[];

/** The toast texts of spec §8 for saves of the sections that share them. */
export const SAVE_ERROR_MESSAGE = 'Une erreur est survenue lors de la sauvegarde. Veuillez réessayer.';
