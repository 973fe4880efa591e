/** @tablee/operations-data: the screen table, URL parsers and row mappers (unit); its fetchers are tested against the large dataset by mfe-operations' integration tests. */
module.exports = require('../tooling/jest/jsdom-project.cjs')('operations-data');
