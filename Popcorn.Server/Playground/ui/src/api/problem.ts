/** An RFC 7807 problem as the server reports a bad query (`application/problem+json`). */
export interface Problem {
  title: string;
  status: number;
  detail?: string;
  /** 1-based position of the error in the query text. */
  line?: number;
  column?: number;
  excerpt?: string;
  /** Set for an unknown field: its name, the model type it was looked up on, and close names. */
  field?: string;
  type?: string;
  suggestions?: string[];
  /** The server's error class: Syntax, LimitExceeded, UnknownField, InvalidSelection or InvalidVariable. */
  errorKind?: string;
}

/** The one-line message a person reads: the detail plus any "did you mean" names. */
export function describeProblem(problem: Problem): string {
  const message = problem.detail ?? problem.title;
  const suggestions = problem.suggestions ?? [];
  if (suggestions.length === 0 || message.includes(suggestions[0]!)) {
    return message;
  }

  return `${message} Did you mean ${suggestions.map((name) => `'${name}'`).join(', ')}?`;
}

export function isProblem(value: unknown): value is Problem {
  return typeof value === 'object' && value !== null && typeof (value as Problem).status === 'number';
}

/** The problem in a response body, also when the server wraps errors as `{ "success": false, "error": {...} }`. */
export function problemIn(body: unknown): Problem | null {
  if (isProblem(body)) {
    return body;
  }

  const wrapped = (body as { error?: unknown } | null)?.error;
  return isProblem(wrapped) ? wrapped : null;
}
