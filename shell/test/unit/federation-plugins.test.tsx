/** The shell's runtime plugins: the kernel range check, and the federation runtime with them in front of a remote that fails. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInstance } from '@module-federation/enhanced/runtime';
import { AppProviders } from '@tablee/shared';
import { KERNEL_VERSION } from '@tablee/shared/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { remoteGuardPlugin, retryPlugin } from '../../src/app/federation-plugins';
import { kernelMismatch, KernelMismatchError } from '../../src/app/kernel-mismatch';
import { RemoteRetryContext } from '../../src/app/RemoteUnavailable';

const manifest = (shared: { name: string; requiredVersion?: string | false }[]) => ({ name: 'mfe_x', shared });

test('a kernel range is checked on the package and its subpaths, other packages are not', () => {
  expect(
    kernelMismatch(
      manifest([
        { name: '@tablee/shared', requiredVersion: '^1.0.0' },
        { name: 'antd', requiredVersion: '^99.0.0' },
      ]),
      '1.2.0',
    ),
  ).toBeNull();
  expect(kernelMismatch(manifest([{ name: '@tablee/shared', requiredVersion: false }, { name: '@tablee/shared/core' }]), '1.0.0')).toBeNull();
  const mismatch = kernelMismatch(manifest([{ name: '@tablee/shared', requiredVersion: '^2.0.0' }]), '1.0.0');
  expect(mismatch).toBeInstanceOf(KernelMismatchError);
  expect(mismatch).toMatchObject({ remote: 'mfe_x', range: '^2.0.0', kernel: '1.0.0' });
  expect(kernelMismatch(manifest([{ name: '@tablee/shared/core', requiredVersion: '>=1.3.0' }]), '1.2.9')).toMatchObject({ range: '>=1.3.0' });
  expect(kernelMismatch(manifest([{ name: '@tablee/shared', requiredVersion: '^1.0.0' }]), '2.0.0')).toMatchObject({ range: '^1.0.0', kernel: '2.0.0' });
});

/** A remote's origin: `answer` decides each request (path → status and body); `requests` lists the paths asked. */
async function remoteOrigin(answer: (path: string) => { status: number; body?: unknown }) {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    const { status, body } = answer(req.url ?? '');
    res.writeHead(status, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' });
    res.end(body === undefined ? '' : JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** A host of its own (not the shell's instance) with the shell's plugins, loading `<name>/routes` from `entry`. */
async function loadThroughRuntime(name: string, entry: string) {
  const host = createInstance({ name: `host_${name}`, remotes: [{ name, entry }], plugins: [retryPlugin(), remoteGuardPlugin()], shared: {} });
  return (await host.loadRemote<{ default: ComponentType }>(`${name}/routes`))!;
}

function renderArea(Routes: ComponentType, retry: () => void) {
  render(
    <AppProviders>
      <RemoteRetryContext.Provider value={retry}>
        <Routes />
      </RemoteRetryContext.Provider>
    </AppProviders>,
  );
}

test('a manifest that keeps failing is fetched 3 times, then the remote resolves to the French error whose Réessayer is the area’s', async () => {
  const origin = await remoteOrigin(() => ({ status: 503 }));
  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const warnings = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  try {
    const module = await loadThroughRuntime('mfe_down', `${origin.url}/mf-manifest.json`);
    expect(origin.requests).toEqual(['/mf-manifest.json', '/mf-manifest.json', '/mf-manifest.json']);
    const retry = jest.fn();
    renderArea(module.default, retry);
    expect(screen.getByText('Cette section est momentanément indisponible.')).toBeInTheDocument();
    expect(screen.getByText("Le module n'a pas pu être chargé. Vérifiez votre connexion puis réessayez.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(retry).toHaveBeenCalledTimes(1);
  } finally {
    errors.mockRestore();
    warnings.mockRestore();
    await origin.close();
  }
});

/** A range no kernel of this major version satisfies. */
const NEXT_KERNEL = `^${Number(KERNEL_VERSION.split('.')[0]) + 1}.0.0`;

test('a remote whose manifest asks for another kernel is not loaded: a console error and the incompatibility message', async () => {
  const body = {
    id: 'mfe_next',
    name: 'mfe_next',
    metaData: {
      name: 'mfe_next',
      globalName: 'mfe_next',
      publicPath: 'auto',
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      buildInfo: { buildVersion: '1', buildName: 'mfe-next' },
      types: { path: '', name: '', zip: '', api: '' },
      type: 'app',
      pluginVersion: '2.9.2',
    },
    shared: [
      {
        id: 'mfe_next:@tablee/shared',
        name: '@tablee/shared',
        version: NEXT_KERNEL.slice(1),
        singleton: true,
        requiredVersion: NEXT_KERNEL,
        assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } },
      },
    ],
    remotes: [],
    exposes: [{ id: 'mfe_next:routes', name: 'routes', path: './routes', assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } } }],
  };
  const origin = await remoteOrigin((path) => (path === '/mf-manifest.json' ? { status: 200, body } : { status: 404 }));
  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const warnings = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  try {
    const module = await loadThroughRuntime('mfe_next', `${origin.url}/mf-manifest.json`);
    // Its code was never asked for.
    expect(origin.requests).toEqual(['/mf-manifest.json']);
    expect(errors.mock.calls.map((call) => String(call[0]))).toContainEqual(
      expect.stringMatching(new RegExp(`mfe_next.*\\${NEXT_KERNEL.replace(/\./g, '\\.')}.*${KERNEL_VERSION.replace(/\./g, '\\.')}`)),
    );
    renderArea(module.default, () => undefined);
    expect(screen.getByText("Ce module n'est pas compatible avec cette version de l'application.")).toBeInTheDocument();
    expect(
      screen.getByText(
        `Le module mfe_next demande la version ${NEXT_KERNEL} du noyau de l'application, qui est en version ${KERNEL_VERSION}. Rechargez la page ; si le problème persiste, le module doit être redéployé.`,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  } finally {
    errors.mockRestore();
    warnings.mockRestore();
    await origin.close();
  }
});

test("a manifest the page asked early is the runtime's answer: not asked again when it came back well, asked (with retries) when it did not", async () => {
  const origin = await remoteOrigin(() => ({ status: 200, body: { from: 'origin' } }));
  try {
    const url = `${origin.url}/mf-manifest.json`;
    const early = new Map([[url, Promise.resolve(new Response(JSON.stringify({ from: 'early' }), { status: 200 }))]]);
    const plugin = retryPlugin((asked) => {
      const answer = early.get(asked);
      early.delete(asked);
      return answer;
    });
    expect(await (await (plugin.fetch!(url, {}) as Promise<Response>)).json()).toEqual({ from: 'early' });
    expect(origin.requests).toEqual([]);
    // Taken once: the next ask (a 'Réessayer') goes to the remote.
    expect(await (await (plugin.fetch!(url, {}) as Promise<Response>)).json()).toEqual({ from: 'origin' });
    // An early answer that failed is not used.
    early.set(url, Promise.resolve(new Response('', { status: 503 })));
    expect(await (await (plugin.fetch!(url, {}) as Promise<Response>)).json()).toEqual({ from: 'origin' });
    early.set(url, Promise.reject(new TypeError('Failed to fetch')));
    expect(await (await (plugin.fetch!(url, {}) as Promise<Response>)).json()).toEqual({ from: 'origin' });
    expect(origin.requests).toEqual(['/mf-manifest.json', '/mf-manifest.json', '/mf-manifest.json']);
  } finally {
    await origin.close();
  }
});
