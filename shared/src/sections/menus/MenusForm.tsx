/**
 * Menus section (spec §2, §3, §5): standard menus with their items and alternatives, an add form
 * whose rule depends on the context, and the kids-menu toggle.
 */
import type { ItemType, Menu, MenuAlternative, Menus } from '@tablee/shared';
import { Button, Card, Checkbox, Form, Input, Radio, Select, Space, Tag, Typography } from 'antd';
import { useId, useState } from 'react';
import type { SectionContext, SectionFormProps } from '../contract';
import { EuroInput, fieldGrid, SectionRulesCheck } from '../form-kit';
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
  menusErrors,
  setKidsMenu,
} from './rules';

export function MenusForm({ context, value, onChange, disabled, form }: SectionFormProps<Menus>) {
  const setRegular = (index: number, menu: Menu) => onChange({ ...value, regularMenus: value.regularMenus.map((m, i) => (i === index ? menu : m)) });
  const removeRegular = (index: number) => onChange({ ...value, regularMenus: value.regularMenus.filter((_, i) => i !== index) });

  return (
    <>
    <Form form={form} layout="vertical" component="div" disabled={disabled}>
      <SectionRulesCheck errors={menusErrors(value)} />
      <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
        <Typography.Title level={2} style={{ fontSize: 20, margin: 0 }}>
          Menus standards
        </Typography.Title>
        {value.regularMenus.length === 0 && <Typography.Text type="secondary">Aucun menu pour le moment.</Typography.Text>}
        {value.regularMenus.map((menu, index) => (
          <Card
            key={menu.id ?? `new-${index}`}
            size="small"
            title={menu.name.trim() || `Menu ${index + 1}`}
            extra={
              <Button danger size="small" onClick={() => removeRegular(index)} aria-label={`Supprimer le menu ${menu.name || index + 1}`}>
                Supprimer
              </Button>
            }
          >
            <MenuFields menu={menu} onChange={(m) => setRegular(index, m)} showNameError />
            <MenuEntries menu={menu} onChange={(m) => setRegular(index, m)} />
          </Card>
        ))}

        <AddMenuCard context={context} onAdd={(menu) => onChange({ ...value, regularMenus: [...value.regularMenus, menu] })} />

        <Typography.Title level={2} style={{ fontSize: 20, margin: '8px 0 0' }}>
          Menu enfant
        </Typography.Title>
        <Checkbox checked={!!value.childrenMenu} onChange={(e) => onChange(setKidsMenu(value, e.target.checked))}>
          Proposer un menu enfant
        </Checkbox>
        {value.childrenMenu && (
          <Card size="small" title={value.childrenMenu.name.trim() || 'Menu enfant'}>
            <MenuFields menu={value.childrenMenu} onChange={(m) => onChange({ ...value, childrenMenu: m })} showNameError />
            <MenuEntries menu={value.childrenMenu} onChange={(m) => onChange({ ...value, childrenMenu: m })} />
          </Card>
        )}
      </div>
    </Form>
    </>
  );
}

function AddMenuCard({ context, onAdd }: { context: SectionContext; onAdd: (menu: Menu) => void }) {
  const [draft, setDraft] = useState<Menu>(emptyMenu);
  const allowed = canAddMenu(context, draft);
  return (
    <Card size="small" title="Ajouter un menu" style={{ background: '#fafafa' }}>
      <MenuFields menu={draft} onChange={setDraft} />
      <Button
        type="dashed"
        disabled={!allowed}
        onClick={() => {
          onAdd({ ...draft, name: draft.name.trim() });
          setDraft(emptyMenu());
        }}
      >
        Ajouter le menu
      </Button>
      {context === 'onboarding' && !allowed && (
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          Indiquez un nom et un prix supérieur à 0 pour ajouter le menu.
        </Typography.Paragraph>
      )}
    </Card>
  );
}

/** Name, price, content, type and availability of one menu. */
function MenuFields({ menu, onChange, showNameError }: { menu: Menu; onChange: (menu: Menu) => void; showNameError?: boolean }) {
  const id = useId();
  const nameMissing = showNameError && menu.name.trim() === '';
  return (
    <>
      <div style={fieldGrid()}>
        <Form.Item label="Nom du menu" htmlFor={`${id}-name`} required validateStatus={nameMissing ? 'error' : undefined} help={nameMissing ? MENU_NAME_REQUIRED : undefined}>
          <Input id={`${id}-name`} value={menu.name} onChange={(e) => onChange({ ...menu, name: e.target.value })} placeholder="Ex. : Menu Découverte" />
        </Form.Item>
        <Form.Item
          label="Prix par personne (€ TTC)"
          htmlFor={`${id}-price`}
          validateStatus={isValidPrice(menu.pricePerPerson) ? undefined : 'error'}
          help={isValidPrice(menu.pricePerPerson) ? undefined : MENU_PRICE_INVALID}
        >
          <EuroInput id={`${id}-price`} value={menu.pricePerPerson} onChange={(pricePerPerson) => onChange({ ...menu, pricePerPerson })} />
        </Form.Item>
      </div>
      <Form.Item label="Contenu" htmlFor={`${id}-content`}>
        <Input.TextArea id={`${id}-content`} autoSize={{ minRows: 2 }} value={menu.content ?? ''} onChange={(e) => onChange({ ...menu, content: e.target.value })} placeholder="Ex. : Entrée, plat, dessert" />
      </Form.Item>
      <div style={fieldGrid()}>
        <Form.Item label="Type de menu">
          <Radio.Group
            aria-label="Type de menu"
            value={menu.menuType}
            options={MENU_TYPE_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
            onChange={(e) => onChange({ ...menu, menuType: e.target.value })}
          />
        </Form.Item>
        <Form.Item label="Disponibilité">
          <Space>
            <Checkbox checked={menu.availability.lunch} onChange={(e) => onChange({ ...menu, availability: { ...menu.availability, lunch: e.target.checked } })}>
              Midi
            </Checkbox>
            <Checkbox checked={menu.availability.dinner} onChange={(e) => onChange({ ...menu, availability: { ...menu.availability, dinner: e.target.checked } })}>
              Soir
            </Checkbox>
          </Space>
        </Form.Item>
      </div>
    </>
  );
}

/** Items and alternatives of one menu: lists with removal, and add rows that need a name. */
function MenuEntries({ menu, onChange }: { menu: Menu; onChange: (menu: Menu) => void }) {
  const id = useId();
  const [itemName, setItemName] = useState('');
  const [itemType, setItemType] = useState<ItemType>('starter');
  const [alt, setAlt] = useState<MenuAlternative>(emptyAlternative);
  const label = menu.name.trim() || 'ce menu';

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12, borderTop: '1px solid #f0f0f0', paddingTop: 12 }}>
      <div>
        <Typography.Title level={3} style={{ fontSize: 16, margin: '0 0 8px' }}>
          Plats
        </Typography.Title>
        {menu.items.length === 0 ? (
          <Typography.Text type="secondary">Aucun plat.</Typography.Text>
        ) : (
          <ul aria-label={`Plats de ${label}`} style={{ margin: 0, paddingLeft: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 4 }}>
            {menu.items.map((item, i) => (
              <li key={`${item.name}-${i}`} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
                <Tag>{itemTypeLabel(item.type)}</Tag>
                <span style={{ flex: 1 }}>{item.name}</span>
                <Button size="small" type="link" danger aria-label={`Retirer le plat ${item.name}`} onClick={() => onChange({ ...menu, items: menu.items.filter((_, j) => j !== i) })}>
                  Retirer
                </Button>
              </li>
            ))}
          </ul>
        )}
        <div style={{ ...fieldGrid(160), marginTop: 8, alignItems: 'end' }}>
          <Form.Item label="Nom du plat" htmlFor={`${id}-item-name`} style={{ marginBottom: 8 }}>
            <Input id={`${id}-item-name`} value={itemName} onChange={(e) => setItemName(e.target.value)} />
          </Form.Item>
          <Form.Item label="Type du plat" htmlFor={`${id}-item-type`} style={{ marginBottom: 8 }}>
            <Select id={`${id}-item-type`} value={itemType} onChange={setItemType} options={[...ITEM_TYPE_OPTIONS]} />
          </Form.Item>
          <Form.Item style={{ marginBottom: 8 }}>
            <Button
              disabled={!canAddEntry(itemName)}
              onClick={() => {
                onChange({ ...menu, items: [...menu.items, { name: itemName.trim(), type: itemType }] });
                setItemName('');
              }}
            >
              Ajouter le plat
            </Button>
          </Form.Item>
        </div>
      </div>

      <div>
        <Typography.Title level={3} style={{ fontSize: 16, margin: '0 0 8px' }}>
          Alternatives (régimes alimentaires)
        </Typography.Title>
        {menu.alternatives.length === 0 ? (
          <Typography.Text type="secondary">Aucune alternative.</Typography.Text>
        ) : (
          <ul aria-label={`Alternatives de ${label}`} style={{ margin: 0, paddingLeft: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 4 }}>
            {menu.alternatives.map((a, i) => (
              <li key={`${a.name}-${i}`} style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
                <Tag>{itemTypeLabel(a.type)}</Tag>
                <span style={{ flex: 1 }}>
                  {a.name}
                  {a.isGlutenFree && <Tag style={{ marginLeft: 8 }}>Sans gluten</Tag>}
                  {a.isVegan && <Tag style={{ marginLeft: 4 }}>Végan</Tag>}
                  {a.otherDietaryNotes && <Typography.Text type="secondary"> — {a.otherDietaryNotes}</Typography.Text>}
                </span>
                <Button size="small" type="link" danger aria-label={`Retirer l'alternative ${a.name}`} onClick={() => onChange({ ...menu, alternatives: menu.alternatives.filter((_, j) => j !== i) })}>
                  Retirer
                </Button>
              </li>
            ))}
          </ul>
        )}
        <div style={{ ...fieldGrid(160), marginTop: 8, alignItems: 'end' }}>
          <Form.Item label="Nom de l'alternative" htmlFor={`${id}-alt-name`} style={{ marginBottom: 8 }}>
            <Input id={`${id}-alt-name`} value={alt.name} onChange={(e) => setAlt({ ...alt, name: e.target.value })} />
          </Form.Item>
          <Form.Item label="Type de l'alternative" htmlFor={`${id}-alt-type`} style={{ marginBottom: 8 }}>
            <Select id={`${id}-alt-type`} value={alt.type} onChange={(type) => setAlt({ ...alt, type })} options={[...ALTERNATIVE_TYPE_OPTIONS]} />
          </Form.Item>
          <Form.Item label="Autres remarques alimentaires" htmlFor={`${id}-alt-notes`} style={{ marginBottom: 8 }}>
            <Input id={`${id}-alt-notes`} value={alt.otherDietaryNotes} onChange={(e) => setAlt({ ...alt, otherDietaryNotes: e.target.value })} placeholder="Ex. : sans lactose" />
          </Form.Item>
        </div>
        <Space wrap>
          <Checkbox checked={alt.isGlutenFree} onChange={(e) => setAlt({ ...alt, isGlutenFree: e.target.checked })}>
            Sans gluten
          </Checkbox>
          <Checkbox checked={alt.isVegan} onChange={(e) => setAlt({ ...alt, isVegan: e.target.checked })}>
            Végan
          </Checkbox>
          <Button
            disabled={!canAddEntry(alt.name)}
            onClick={() => {
              onChange({ ...menu, alternatives: [...menu.alternatives, { ...alt, name: alt.name.trim(), otherDietaryNotes: alt.otherDietaryNotes.trim() }] });
              setAlt(emptyAlternative());
            }}
          >
            Ajouter l'alternative
          </Button>
        </Space>
      </div>
    </div>
  );
}
