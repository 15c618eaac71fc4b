// An error a control throws when it knows what helps (errorAdvice.ts gives its advice instead of the default).

/** An error that knows what helps, or that nothing does (advice ''): its advice replaces the default. */
export class AdvisedError extends Error {
  constructor(
    message: string,
    readonly advice: string,
  ) {
    super(message);
  }
}
