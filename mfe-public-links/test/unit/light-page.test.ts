/**
 * The link page is light: what the shell loads for it — the exposed module and all it
 * imports — pulls neither antd, nor supabase-js, nor TanStack Query, nor react-router, nor the
 * kernel's main entry (only its core and its action helper). Any of them imported on the way makes the import fail.
 */
// Virtual: the package does not declare these libraries (pnpm does not resolve them from it); were one
// declared and imported again, the mock still makes the import fail.
jest.mock(
  'antd',
  () => {
    throw new Error('antd importé par la page des liens');
  },
  { virtual: true },
);
jest.mock(
  '@supabase/supabase-js',
  () => {
    throw new Error('supabase-js importé par la page des liens');
  },
  { virtual: true },
);
jest.mock(
  '@tanstack/react-query',
  () => {
    throw new Error('TanStack Query importé par la page des liens');
  },
  { virtual: true },
);
jest.mock(
  'react-router',
  () => {
    throw new Error('react-router importé par la page des liens');
  },
  { virtual: true },
);
// The contract's schemas are zod: the pages take its types only (import type), never zod itself.
jest.mock(
  'zod',
  () => {
    throw new Error('zod importé par la page des liens');
  },
  { virtual: true },
);
jest.mock('@tablee/shared', () => {
  throw new Error('le noyau complet (@tablee/shared) importé par la page des liens');
});

it('the request page (/demande/…, a chunk of its own) imports only React, the kernel core, its action helper and the domain’s deposit rule', () => {
  const page = jest.requireActual<typeof import('../../src/features/request-page')>('../../src/features/request-page');
  expect(typeof page.RequestPage).toBe('function');
});

it('the customer’s page (/ma-reservation/…, a chunk of its own) imports only React, the kernel core, its action helper and the domain’s plain words', () => {
  const page = jest.requireActual<typeof import('../../src/features/customer-page')>('../../src/features/customer-page');
  expect(typeof page.CustomerPage).toBe('function');
  expect(typeof page.startCustomerPage).toBe('function');
});

it('the exposed module (module-federation.config.ts: ./routes) imports only React, the kernel core and its action helper', () => {
  const exposed = jest.requireActual<typeof import('../../src/routes')>('../../src/routes');
  expect(typeof exposed.default).toBe('function');
  expect(exposed.parseLinkPath('/reservations/N-1/reject/abc')).toEqual({ action: 'reject', numero: 'N-1', codeManage: 'abc' });
  expect(exposed.parseRequestPath('/demande/abc')).toBe('abc');
  expect(exposed.parseRequestPath('/reservations/N-1/accept/x')).toBeNull();
  expect(exposed.parseCustomerPath('/ma-reservation/0123abcd/')).toBe('0123abcd');
  expect(exposed.parseCustomerPath('/ma-reservation')).toBe('');
  expect(exposed.parseCustomerPath('/ma-reservationX/1')).toBeNull();
  expect(exposed.parseCustomerPath('/demande/abc')).toBeNull();
});
