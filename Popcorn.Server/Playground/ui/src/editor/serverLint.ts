import type { Text } from '@codemirror/state';
import { linter, type Diagnostic } from '@codemirror/lint';
import type { EditorView } from '@codemirror/view';
import { normalize, type SelectionCost } from '../api/normalize';
import { describeProblem, type Problem } from '../api/problem';
import type { EditorEnvironment } from './editorEnvironment';
import { recheckRequested } from './recheck';

/** How long typing must pause before the server is asked; short enough to feel live. */
const lintDelayMs = 350;

/**
 * Live error markers from the server's own parser: the query goes to the server's check
 * (with the resource's type, so unknown fields are caught too; for the gateway, the gateway's own
 * check of the whole document) and a reported problem becomes a diagnostic at the line and
 * column the server names; every problem found is marked at once. `onVerdict` hears
 * every verdict, with the selection's estimated cost when the server gave one (a valid query
 * checked against a type).
 */
export function serverLint(
  environment: () => EditorEnvironment,
  onVerdict: (problems: Problem[], cost: SelectionCost | null) => void,
) {
  // A check started before a target switch may answer after the one the switch started; only
  // the newest speaks, and an older one hands back the newest's verdict rather than its own.
  let newest: Promise<Verdict | null> = Promise.resolve(null);
  return linter(
    async (view: EditorView): Promise<Diagnostic[]> => {
      newest = verdictOn(view, environment());
      let awaited: Promise<Verdict | null>;
      let verdict: Verdict | null;
      do {
        awaited = newest;
        verdict = await awaited;
      } while (awaited !== newest);

      if (!verdict) {
        return [];
      }

      onVerdict(verdict.problems, verdict.cost);
      const { withVariables } = verdict;
      return verdict.problems.map((problem) => diagnosticFor(problem, view.state.doc, withVariables));
    },
    {
      delay: lintDelayMs,
      needsRefresh: recheckRequested,
    },
  );
}

/** The server's verdict on the editor's text, or null when there is nothing to say about it. */
interface Verdict {
  problems: Problem[];
  cost: SelectionCost | null;
  /** Checked with the variables box's values bound (on the gateway, when the box holds a JSON object). */
  withVariables: boolean;
}

async function verdictOn(view: EditorView, environment: EditorEnvironment): Promise<Verdict | null> {
  const text = view.state.doc.toString();
  if (text.trim() === '') {
    return { problems: [], cost: null, withVariables: false };
  }

  let checked: Verdict;
  try {
    checked = await check(text, environment);
  } catch {
    // The server is unreachable: say nothing rather than mark a query that may be fine.
    return null;
  }

  // A verdict on text the user has since changed would point at the wrong place.
  if (view.state.doc.toString() !== text) {
    return null;
  }

  if (!checked.withVariables && checked.problems.some((problem) => problem.errorKind === 'InvalidVariable') && environment.variablesSettled(text)) {
    // This very text just ran cleanly with the variables in the box: the warning is answered.
    return { ...checked, problems: checked.problems.filter((problem) => problem.errorKind !== 'InvalidVariable') };
  }

  return checked;
}

/**
 * The query through the server's check (on the gateway with the variables box bound, when it holds an object, so a
 * `$name` is judged as Run will judge it): against the resource's type, or, for the gateway, by the gateway itself,
 * which names every error its answer to Run would hold, as GraphiQL marks them all.
 */
async function check(text: string, environment: EditorEnvironment): Promise<Verdict> {
  const variables = environment.variables;
  const onGateway = environment.rootScope.kind === 'gateway';
  const result = await normalize(text, onGateway ? undefined : environment.checkedType, undefined, variables, onGateway);
  const withVariables = variables !== undefined;
  return result.ok
    ? { problems: [], cost: result.query.cost ?? null, withVariables }
    : { problems: result.problems, cost: null, withVariables };
}

function diagnosticFor(problem: Problem, doc: Text, withVariables: boolean): Diagnostic {
  const from = offsetOf(doc, problem.line, problem.column);
  let to = from;
  while (to < doc.length && /[\w!]/.test(doc.sliceString(to, to + 1))) {
    to++;
  }

  if (to === from && from < doc.length && doc.sliceString(from, from + 1) !== '\n') {
    to++;
  }

  // Checked without variables (the box is empty or not yet a JSON object), a verdict on a variable may be one the
  // values sent with Run settle: warn rather than call it an error. Checked with them, it is what Run will answer.
  if (problem.errorKind === 'InvalidVariable' && !withVariables) {
    return { from, to, severity: 'warning', message: `Checked without your variables: ${describeProblem(problem)}`, source: 'server' };
  }

  return { from, to, severity: 'error', message: describeProblem(problem), source: 'server' };
}

/** The document offset of a 1-based line and column, clamped into the document. */
export function offsetOf(doc: Text, line: number | undefined, column: number | undefined): number {
  if (!line) {
    return 0;
  }

  const target = doc.line(Math.min(Math.max(line, 1), doc.lines));
  return Math.min(target.from + Math.max(column ?? 1, 1) - 1, target.to);
}
