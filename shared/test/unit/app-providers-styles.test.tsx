import * as cssinjs from '@ant-design/cssinjs';
import { render } from '@testing-library/react';
import { Button, DatePicker, Table } from 'antd';
import { AppProviders } from '../../src/ui/AppProviders';

// The hook every antd component calls to compute and insert its styles, observed (still the real one).
jest.mock('@ant-design/cssinjs', () => {
  const actual = jest.requireActual('@ant-design/cssinjs');
  return { ...actual, useStyleRegister: jest.fn(actual.useStyleRegister) };
});

describe('antd styles under AppProviders', () => {
  it('are not computed at run time: the components take them from antd/dist/antd.css (theme zeroRuntime)', () => {
    const view = render(
      <AppProviders>
        <Button>Enregistrer</Button>
        <DatePicker aria-label="Date" />
        <Table dataSource={[]} columns={[{ title: 'Client', dataIndex: 'client' }]} />
      </AppProviders>,
    );
    expect(view.getByRole('button', { name: 'Enregistrer' })).toBeInTheDocument();
    const registered = (cssinjs.useStyleRegister as jest.Mock).mock.calls.map(([info]) => (info as { path: string[] }).path[0]);
    // The one registration left is ConfigProvider's few icon rules (@ant-design/icons), not a component.
    expect(registered.filter((path) => path !== 'ant-design-icons')).toEqual([]);
  });
});
