/** `pnpm test:e2e`: Chromium against the composed application, started by the e2e package's global setup. */
const { common, projectsOf } = require('./projects.cjs');

module.exports = { ...common, projects: projectsOf('e2e'), testTimeout: 120_000 };
