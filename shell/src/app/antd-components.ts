/**
 * The shell provides the antd components the modules use (antd is shared per component:
 * tooling/federation.cjs), registered at run time when the application starts, not at build time:
 * a build-time provide costs the entry chunk, which every page downloads (the link page's 120 KB
 * budget included), a record per component. Each is the shell's own module, downloaded only when a
 * module renders it, and registered as loaded: with 'loaded-first', a remote's component then always
 * comes from the shell's build, whose internal modules are the ones the shell's ConfigProvider feeds
 * (theme, locale, reduced motion); a remote's own copy serves its standalone page only.
 * shell/test/unit/antd-components.test.ts fails when a module imports a component missing here: add it,
 * and deploy the shell before (or with) the remote that uses it.
 */
import { registerShared } from '@module-federation/enhanced/runtime';
import { version } from 'antd';

const COMPONENTS: Record<string, () => Promise<unknown>> = {
  'antd/es/alert': () => import('antd/es/alert'),
  'antd/es/auto-complete': () => import('antd/es/auto-complete'),
  'antd/es/badge': () => import('antd/es/badge'),
  'antd/es/button': () => import('antd/es/button'),
  'antd/es/card': () => import('antd/es/card'),
  'antd/es/checkbox': () => import('antd/es/checkbox'),
  'antd/es/col': () => import('antd/es/col'),
  'antd/es/config-provider': () => import('antd/es/config-provider'),
  'antd/es/date-picker': () => import('antd/es/date-picker'),
  'antd/es/descriptions': () => import('antd/es/descriptions'),
  'antd/es/drawer': () => import('antd/es/drawer'),
  'antd/es/dropdown': () => import('antd/es/dropdown'),
  'antd/es/empty': () => import('antd/es/empty'),
  'antd/es/form': () => import('antd/es/form'),
  'antd/es/grid': () => import('antd/es/grid'),
  'antd/es/input': () => import('antd/es/input'),
  'antd/es/input-number': () => import('antd/es/input-number'),
  'antd/es/layout': () => import('antd/es/layout'),
  'antd/es/list': () => import('antd/es/list'),
  'antd/es/message': () => import('antd/es/message'),
  'antd/es/modal': () => import('antd/es/modal'),
  'antd/es/pagination': () => import('antd/es/pagination'),
  'antd/es/popconfirm': () => import('antd/es/popconfirm'),
  'antd/es/progress': () => import('antd/es/progress'),
  'antd/es/radio': () => import('antd/es/radio'),
  'antd/es/result': () => import('antd/es/result'),
  'antd/es/row': () => import('antd/es/row'),
  'antd/es/segmented': () => import('antd/es/segmented'),
  'antd/es/select': () => import('antd/es/select'),
  'antd/es/skeleton': () => import('antd/es/skeleton'),
  'antd/es/space': () => import('antd/es/space'),
  'antd/es/spin': () => import('antd/es/spin'),
  'antd/es/steps': () => import('antd/es/steps'),
  'antd/es/switch': () => import('antd/es/switch'),
  'antd/es/table': () => import('antd/es/table'),
  'antd/es/tabs': () => import('antd/es/tabs'),
  'antd/es/tag': () => import('antd/es/tag'),
  'antd/es/theme': () => import('antd/es/theme'),
  'antd/es/timeline': () => import('antd/es/timeline'),
  'antd/es/typography': () => import('antd/es/typography'),
  'antd/es/upload': () => import('antd/es/upload'),
};

export function provideAntdComponents(): void {
  registerShared(
    Object.fromEntries(
      Object.entries(COMPONENTS).map(([name, load]) => [
        name,
        { version, loaded: true, get: () => load().then((module) => () => module), shareConfig: { singleton: true, requiredVersion: `^${version}` } },
      ]),
    ),
  );
}
