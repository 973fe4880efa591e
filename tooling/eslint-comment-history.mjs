/**
 * ESLint rule `tablee/no-issue-history`: a comment says the rule, not the story of how it came to be:
 * no issue number ('issue' or 'issues' followed by a number, or '#' and a number) in application
 * code: the history is git's and the tracker's, and a comment that names an issue reads as a reason
 * without giving one.
 */
const HISTORY = /\bissues?\s+#?\d+|(?:^|\s)#\d{2,}\b/i;

export const noIssueHistory = {
  meta: {
    type: 'suggestion',
    docs: { description: 'No issue numbers in comments: say the rule, not its history.' },
    schema: [],
    messages: { history: "A comment names an issue ('{{found}}'): say the rule or the reason itself." },
  },
  create(context) {
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          const found = HISTORY.exec(comment.value);
          if (found) context.report({ loc: comment.loc, messageId: 'history', data: { found: found[0].trim() } });
        }
      },
    };
  },
};

export default { rules: { 'no-issue-history': noIssueHistory } };
