/** local-stripe's tests start their own server (no database) and drive it through the unmodified stripe library, as the service would. */
module.exports = require('../jest/node-project.cjs')('local-stripe');
