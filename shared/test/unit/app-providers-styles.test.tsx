import { createTheme, useStyleRegister, type CSSInterpolation } from '@ant-design/cssinjs';
import { render } from '@testing-library/react';
import { AppProviders } from '../../src/ui/AppProviders';

const theme = createTheme(() => ({}));

/** A component registering its styles the way every antd component does. */
function Styled({ styleFn }: { styleFn: () => CSSInterpolation }) {
  useStyleRegister({ theme, token: { _tokenKey: 'test-token' }, path: ['Styled'], hashId: 'test' }, styleFn);
  return <div>styled</div>;
}

describe('antd styles under AppProviders', () => {
  it('are computed once per session: a screen mounted again after its last instance left reuses them', () => {
    const styleFn = jest.fn((): CSSInterpolation => ({ '.styled': { color: 'red' } }));
    const first = render(
      <AppProviders>
        <Styled styleFn={styleFn} />
      </AppProviders>,
    );
    expect(styleFn).toHaveBeenCalledTimes(1);
    first.unmount();

    const again = render(
      <AppProviders>
        <Styled styleFn={styleFn} />
      </AppProviders>,
    );
    expect(again.getByText('styled')).toBeInTheDocument();
    expect(styleFn).toHaveBeenCalledTimes(1);
  });
});
