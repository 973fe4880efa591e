/** What a stylesheet import gives a jsdom suite (jsdom-project.cjs): nothing; styles are checked in Chromium. */
module.exports = {};
