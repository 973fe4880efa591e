/**
 * Menus section (spec §2, §3, §5): standard menus with their items and alternatives, an add form
 * whose rule depends on the context, and the kids-menu toggle. The menus, their items and their
 * alternatives are Form.Lists of the section's form; each add row is a small form of its own.
 */
import type { ItemType, Menu, MenuAlternative, MenuItem, Menus } from '@tablee/domain';
import { Button, Card, Checkbox, Form, Input, Radio, Select, Space, Tag, Typography, type FormRule } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import type { ReactNode } from 'react';
import type { SectionContext, SectionFormProps } from '../contract';
import { AddDraftButton, DraftForm, EuroInput, fieldGrid, FormValue, valueAt } from '../form-kit';
import {
  ALTERNATIVE_TYPE_OPTIONS,
  canAddEntry,
  canAddMenu,
  emptyAlternative,
  emptyMenu,
  ITEM_TYPE_OPTIONS,
  itemTypeLabel,
  isValidPrice,
  MENU_NAME_REQUIRED,
  MENU_PRICE_INVALID,
  MENU_TYPE_OPTIONS,
  setKidsMenu,
} from './rules';
import { maxLengthOf, textRules } from '../field-rules';

type Path = (string | number)[];

const nameRules: FormRule[] = [{ required: true, whitespace: true, message: MENU_NAME_REQUIRED }, ...textRules('restaurant_menus', 'name')];
const priceRules: FormRule[] = [{ validator: (_, price: number) => (isValidPrice(price) ? Promise.resolve() : Promise.reject(new Error(MENU_PRICE_INVALID))) }];

export function MenusForm({ context, form, initialValue, disabled }: SectionFormProps<Menus>) {
  return (
    <Form form={form} layout="vertical" initialValues={initialValue} disabled={disabled}>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
        <Typography.Title level={2} style={{ fontSize: 20, margin: 0 }}>
          Menus standards
        </Typography.Title>
        <Form.List name="regularMenus">
          {(fields, { add, remove }) => (
            <>
              {fields.length === 0 && <Typography.Text type="secondary">Aucun menu pour le moment.</Typography.Text>}
              {fields.map((field, index) => (
                <MenuCard
                  key={field.key}
                  name={[field.name]}
                  path={['regularMenus', field.name]}
                  fallbackTitle={`Menu ${index + 1}`}
                  onRemove={() => remove(field.name)}
                  removeLabel={(name) => `Supprimer le menu ${name || index + 1}`}
                />
              ))}
              <AddMenuCard context={context} disabled={disabled} onAdd={(menu) => add(menu)} />
            </>
          )}
        </Form.List>

        <Typography.Title level={2} style={{ fontSize: 20, margin: '8px 0 0' }}>
          Menu enfant
        </Typography.Title>
        {/* Checking creates the default kids menu, unchecking removes it (setKidsMenu). */}
        <Form.Item
          name="childrenMenu"
          noStyle
          valuePropName="checked"
          getValueProps={(menu?: Menu) => ({ checked: !!menu })}
          normalize={(checked: boolean, previous?: Menu) => setKidsMenu({ regularMenus: [], ...(previous ? { childrenMenu: previous } : {}) }, checked).childrenMenu}
        >
          <Checkbox>Proposer un menu enfant</Checkbox>
        </Form.Item>
        <FormValue select={(menus: Menus) => !!menus.childrenMenu}>
          {(hasKidsMenu) => hasKidsMenu && <MenuCard name={['childrenMenu']} path={['childrenMenu']} fallbackTitle="Menu enfant" />}
        </FormValue>
      </div>
    </Form>
  );
}

/**
 * One menu of the section's form: its fields, items and alternatives. `name` is its name path where it
 * is rendered (inside the Form.List of menus, relative to it), `path` the same in the whole form.
 */
function MenuCard({ name: at, path, fallbackTitle, onRemove, removeLabel }: { name: Path; path: Path; fallbackTitle: string; onRemove?: () => void; removeLabel?: (name: string) => string }) {
  return (
    <Card
      size="small"
      title={<MenuName path={path}>{(name) => name.trim() || fallbackTitle}</MenuName>}
      extra={
        onRemove && (
          <MenuName path={path}>
            {(name) => (
              <Button danger size="small" onClick={onRemove} aria-label={removeLabel?.(name)}>
                Supprimer
              </Button>
            )}
          </MenuName>
        )
      }
    >
      <MenuFields path={at} withRules />
      <MenuEntries name={at} path={path} />
    </Card>
  );
}

/** The name of the menu at `path` (in the whole form), for its title and labels: only these render again as it is typed. */
function MenuName({ path, children }: { path: Path; children: (name: string) => ReactNode }) {
  return <FormValue select={(menus: Menus) => (valueAt(menus, [...path, 'name']) as string | undefined) ?? ''}>{children}</FormValue>;
}

/** Name, price, content, type and availability of one menu, at `path` where it is rendered. */
function MenuFields({ path, withRules }: { path: Path; withRules?: boolean }) {
  const at = (...rest: string[]): NamePath => [...path, ...rest];
  return (
    <>
      <div style={fieldGrid()}>
        <Form.Item label="Nom du menu" name={at('name')} required rules={withRules ? nameRules : undefined}>
          <Input placeholder="Ex. : Menu Découverte" maxLength={maxLengthOf('restaurant_menus', 'name')} />
        </Form.Item>
        <Form.Item label="Prix par personne (€ TTC)" name={at('pricePerPerson')} rules={priceRules}>
          <EuroInput />
        </Form.Item>
      </div>
      <Form.Item label="Contenu" name={at('content')} rules={textRules('restaurant_menus', 'content')}>
        <Input.TextArea autoSize={{ minRows: 2 }} placeholder="Ex. : Entrée, plat, dessert" maxLength={maxLengthOf('restaurant_menus', 'content')} />
      </Form.Item>
      <div style={fieldGrid()}>
        <Form.Item label="Type de menu" name={at('menuType')}>
          <Radio.Group aria-label="Type de menu" options={MENU_TYPE_OPTIONS.map((o) => ({ value: o.value, label: o.label }))} />
        </Form.Item>
        <Form.Item label="Disponibilité">
          <Space>
            <Form.Item name={at('availability', 'lunch')} valuePropName="checked" noStyle>
              <Checkbox>Midi</Checkbox>
            </Form.Item>
            <Form.Item name={at('availability', 'dinner')} valuePropName="checked" noStyle>
              <Checkbox>Soir</Checkbox>
            </Form.Item>
          </Space>
        </Form.Item>
      </div>
    </>
  );
}

/** The add form of a menu, a form of its own: 'Ajouter le menu' follows the context's rule (canAddMenu). */
function AddMenuCard({ context, disabled, onAdd }: { context: SectionContext; disabled?: boolean; onAdd: (menu: Menu) => void }) {
  const [draftForm] = Form.useForm<Menu>();
  const allowed = (draft: Menu) => canAddMenu(context, draft);
  return (
    <Card size="small" title="Ajouter un menu" style={{ background: '#fafafa' }}>
      <DraftForm form={draftForm} initialValues={emptyMenu()} disabled={disabled}>
        <MenuFields path={[]} />
        <AddDraftButton form={draftForm} type="dashed" canAdd={allowed} onAdd={(menu) => onAdd({ ...menu, name: menu.name.trim() })}>
          Ajouter le menu
        </AddDraftButton>
        {context === 'onboarding' && (
          <FormValue select={allowed}>
            {(ok) =>
              !ok && (
                <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
                  Indiquez un nom et un prix supérieur à 0 pour ajouter le menu.
                </Typography.Paragraph>
              )
            }
          </FormValue>
        )}
      </DraftForm>
    </Card>
  );
}

const listStyle = { margin: 0, paddingLeft: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 4 } as const;

/** Items and alternatives of a menu (name paths as MenuCard's): lists with removal, and add rows that need a name. */
function MenuEntries({ name, path }: { name: Path; path: Path }) {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12, borderTop: '1px solid #f0f0f0', paddingTop: 12 }}>
      <EntryList<MenuItem>
        title="Plats"
        list={[...name, 'items']}
        path={[...path, 'items']}
        menuPath={path}
        empty="Aucun plat."
        listLabel="Plats de"
        removeLabel="Retirer le plat"
        entry={(item) => <span style={{ flex: 1 }}>{item.name}</span>}
        addRow={(add) => <AddItemRow onAdd={add} />}
      />
      <EntryList<MenuAlternative>
        title="Alternatives (régimes alimentaires)"
        list={[...name, 'alternatives']}
        path={[...path, 'alternatives']}
        menuPath={path}
        empty="Aucune alternative."
        listLabel="Alternatives de"
        removeLabel="Retirer l'alternative"
        entry={(a) => (
          <span style={{ flex: 1 }}>
            {a.name}
            {a.isGlutenFree && <Tag style={{ marginLeft: 8 }}>Sans gluten</Tag>}
            {a.isVegan && <Tag style={{ marginLeft: 4 }}>Végan</Tag>}
            {a.otherDietaryNotes && <Typography.Text type="secondary"> — {a.otherDietaryNotes}</Typography.Text>}
          </span>
        )}
        addRow={(add) => <AddAlternativeRow onAdd={add} />}
      />
    </div>
  );
}

/**
 * One list of a menu's entries (dishes or alternatives): a Form.List at `list` (its name where the menu
 * is rendered), read at `path` in the whole form; each entry with its type, `entry`'s text and
 * 'Retirer', the list named after the menu, then its add row.
 */
function EntryList<T extends { name: string; type: ItemType }>(props: {
  title: string;
  list: Path;
  path: Path;
  menuPath: Path;
  empty: string;
  listLabel: string;
  removeLabel: string;
  entry: (entry: T) => ReactNode;
  addRow: (add: (entry: T) => void) => ReactNode;
}) {
  const form = Form.useFormInstance();
  return (
    <div>
      <Typography.Title level={3} style={{ fontSize: 16, margin: '0 0 8px' }}>
        {props.title}
      </Typography.Title>
      <Form.List name={props.list}>
        {(fields, { add, remove }) => (
          <>
            {fields.length === 0 ? (
              <Typography.Text type="secondary">{props.empty}</Typography.Text>
            ) : (
              <MenuName path={props.menuPath}>
                {(menuName) => (
                  <ul aria-label={`${props.listLabel} ${menuName.trim() || 'ce menu'}`} style={listStyle}>
                    {fields.map((field) => {
                      const entry: T = form.getFieldValue([...props.path, field.name]);
                      return (
                        <li key={field.key} style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
                          <Tag>{itemTypeLabel(entry.type)}</Tag>
                          {props.entry(entry)}
                          <Button size="small" type="link" danger aria-label={`${props.removeLabel} ${entry.name}`} onClick={() => remove(field.name)}>
                            Retirer
                          </Button>
                        </li>
                      );
                    })}
                  </ul>
                )}
              </MenuName>
            )}
            {props.addRow((entry) => add(entry))}
          </>
        )}
      </Form.List>
    </div>
  );
}

/** The add row of a dish: a form of its own, added only with a name (canAddEntry). */
function AddItemRow({ onAdd }: { onAdd: (item: MenuItem) => void }) {
  const [draftForm] = Form.useForm<MenuItem>();
  return (
    <DraftForm form={draftForm} initialValues={{ name: '', type: 'starter' }}>
      <div style={{ ...fieldGrid(160), marginTop: 8, alignItems: 'end' }}>
        <Form.Item label="Nom du plat" name="name" style={{ marginBottom: 8 }}>
          <Input maxLength={maxLengthOf('menu_items', 'name')} />
        </Form.Item>
        <Form.Item label="Type du plat" name="type" style={{ marginBottom: 8 }}>
          <Select options={[...ITEM_TYPE_OPTIONS]} />
        </Form.Item>
        <Form.Item style={{ marginBottom: 8 }}>
          <AddDraftButton
            form={draftForm}
            canAdd={(item) => canAddEntry(item.name)}
            onAdd={(item) => onAdd({ name: item.name.trim(), type: item.type })}
            // The type chosen stays for the next dish.
            afterAdd={() => draftForm.setFieldValue('name', '')}
          >
            Ajouter le plat
          </AddDraftButton>
        </Form.Item>
      </div>
    </DraftForm>
  );
}

/** The add row of an alternative: a form of its own, added only with a name (canAddEntry). */
function AddAlternativeRow({ onAdd }: { onAdd: (alternative: MenuAlternative) => void }) {
  const [draftForm] = Form.useForm<MenuAlternative>();
  return (
    <DraftForm form={draftForm} initialValues={emptyAlternative()}>
      <div style={{ ...fieldGrid(160), marginTop: 8, alignItems: 'end' }}>
        <Form.Item label="Nom de l'alternative" name="name" style={{ marginBottom: 8 }}>
          <Input maxLength={maxLengthOf('menu_item_alternatives', 'name')} />
        </Form.Item>
        <Form.Item label="Type de l'alternative" name="type" style={{ marginBottom: 8 }}>
          <Select options={[...ALTERNATIVE_TYPE_OPTIONS]} />
        </Form.Item>
        <Form.Item label="Autres remarques alimentaires" name="otherDietaryNotes" style={{ marginBottom: 8 }}>
          <Input placeholder="Ex. : sans lactose" maxLength={maxLengthOf('menu_item_alternatives', 'other_dietary_notes')} />
        </Form.Item>
      </div>
      <Space wrap>
        <Form.Item name="isGlutenFree" valuePropName="checked" noStyle>
          <Checkbox>Sans gluten</Checkbox>
        </Form.Item>
        <Form.Item name="isVegan" valuePropName="checked" noStyle>
          <Checkbox>Végan</Checkbox>
        </Form.Item>
        <AddDraftButton
          form={draftForm}
          canAdd={(alt) => canAddEntry(alt.name)}
          onAdd={(alt) => onAdd({ ...alt, name: alt.name.trim(), otherDietaryNotes: (alt.otherDietaryNotes ?? '').trim() })}
        >
          Ajouter l'alternative
        </AddDraftButton>
      </Space>
    </DraftForm>
  );
}
