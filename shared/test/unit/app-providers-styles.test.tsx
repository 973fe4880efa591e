import * as cssinjs from '@ant-design/cssinjs';
import { render } from '@testing-library/react';
import { Button } from 'antd';
import fs from 'node:fs';
import path from 'node:path';
import { AppProviders } from '../../src/ui/AppProviders';

// The hook every antd component calls to compute and insert its styles, observed (still the real one).
jest.mock('@ant-design/cssinjs', () => {
  const actual = jest.requireActual('@ant-design/cssinjs');
  return { ...actual, useStyleRegister: jest.fn(actual.useStyleRegister) };
});

describe('antd styles under AppProviders', () => {
  it('are the rendered components own (CSS-in-JS), not a stylesheet of every component', () => {
    // antd/dist/antd.css (982 KB, 108 KB gzip) was downloaded on every first visit (issue 34).
    expect(fs.readFileSync(path.join(__dirname, '../../src/ui/AppProviders.tsx'), 'utf8')).not.toMatch(/\.css['"]/);
    const view = render(
      <AppProviders>
        <Button>Enregistrer</Button>
      </AppProviders>,
    );
    expect(view.getByRole('button', { name: 'Enregistrer' })).toBeInTheDocument();
    const registered = (cssinjs.useStyleRegister as jest.Mock).mock.calls.map(([info]) => (info as { path: string[] }).path.join('/'));
    expect(registered.some((p) => p.includes('Button'))).toBe(true);
    // Only what was rendered: no table's or date picker's rules.
    expect(registered.filter((p) => /Table|DatePicker|Picker/.test(p))).toEqual([]);
  });
});
