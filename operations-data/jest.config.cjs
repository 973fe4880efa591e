/** @tablee/operations-data: the screen table and URL parsers (unit); its fetchers are tested against the large dataset by mfe-operations' integration tests. */
module.exports = require('../tooling/jest/jsdom-project.cjs')('operations-data');
