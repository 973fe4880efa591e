/** Ends every jest run with one plain line, 'tests: N passed, N failed', that CI reads whatever the runner. */
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    console.log(`\ntests: ${results.numPassedTests} passed, ${results.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`);
  }
}
module.exports = SummaryReporter;
