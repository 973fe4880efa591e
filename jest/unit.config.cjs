/** `pnpm test:unit`: no server; pure functions and components in jsdom. */
const { common, projectsOf } = require('./projects.cjs');

module.exports = { ...common, projects: projectsOf('unit'), testTimeout: 30_000 };
