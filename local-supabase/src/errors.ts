/** A startup problem the person running the stack can fix; printed as one French sentence, without a stack trace. */
export class StartupError extends Error {}
