/**
 * @tablee/domain is built into each module that uses it, never a federation shared module: a module
 * redeployed with another build of the domain runs its own, and the kernel's version is not involved.
 */
import fs from 'node:fs';
import path from 'node:path';
import { modules, sharedDependencies } from '../../../tooling/federation.cjs';

it('no module shares @tablee/domain at run time', () => {
  for (const dir of Object.keys(modules)) {
    const modulePackage = JSON.parse(fs.readFileSync(path.join(__dirname, '../../..', dir, 'package.json'), 'utf8'));
    expect(Object.keys(sharedDependencies(modulePackage)).filter((name) => name.startsWith('@tablee/domain'))).toEqual([]);
  }
});
