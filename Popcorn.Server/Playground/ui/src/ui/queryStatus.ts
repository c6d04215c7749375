import { describeProblem, type Problem } from '../api/problem';
import { h } from '../dom/element';

/** The line under the editor: the query's first problem (and how many more are marked), or a notice from an action. */
export class QueryStatus {
  readonly element = h('div', { class: 'query-status', 'data-testid': 'query-status', role: 'status' });

  /** The server's verdict: no problems (`empty` says the defaults apply), or the first with where it is. */
  showProblems(problems: Problem[], empty: boolean): void {
    const problem = problems[0];
    if (!problem) {
      this.element.className = 'query-status';
      this.element.textContent = empty ? 'Empty: the resource answers with its default fields.' : 'No errors.';
      return;
    }

    const where = problem.line ? `Line ${problem.line}, column ${problem.column ?? 1}: ` : '';
    const aboutVariables = problem.errorKind === 'InvalidVariable';
    const more = problems.length > 1 ? ` (${problems.length - 1} more marked in the editor)` : '';
    this.element.className = `query-status ${aboutVariables ? 'is-notice' : 'is-error'}`;
    this.element.textContent = where + (aboutVariables ? 'checked without your variables: ' : '') + describeProblem(problem) + more;
  }

  showNotice(message: string, isError = false): void {
    this.element.className = `query-status ${isError ? 'is-error' : 'is-notice'}`;
    this.element.textContent = message;
  }
}
