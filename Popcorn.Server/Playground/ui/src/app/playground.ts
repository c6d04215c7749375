import { normalize, type SelectionCost } from '../api/normalize';
import { describeProblem, type Problem } from '../api/problem';
import type { FieldInfo, ResourceInfo, RootFieldInfo, TypeInfo } from '../api/schema';
import type { EditorEnvironment } from '../editor/editorEnvironment';
import { QueryEditor } from '../editor/queryEditor';
import { requestCost } from '../model/requestCost';
import { sampleArguments, type SchemaIndex } from '../model/schemaIndex';
import { defaultTarget, requestLineOf, resolveTarget, rootScopeOf, targetName, type Target } from '../model/target';
import { planInsertion, type FieldPick } from '../query/insertField';
import { toGatewayQuery, toRestQuery } from '../query/moveBetweenTargets';
import { outlineOf } from '../query/outlineOf';
import { prettify } from '../query/prettify';
import { starterQuery } from '../query/starterQuery';
import { detectSyntax, type Syntax } from '../query/syntax';
import { variableDefinitions } from '../query/variableDefinitions';
import { toCurl } from '../run/curl';
import { QueryRun } from '../run/queryRun';
import { requestsFor, type RunRequests } from '../run/requestsFor';
import type { PlaygroundState } from '../state/playgroundState';
import { clearRecent, loadRecent, rememberQuery } from '../state/recentQueries';
import { readUrlState, writeUrlState } from '../state/urlState';
import { CostMeter } from '../ui/costMeter';
import { actingAsCookie } from '../ui/actAsSwitch';
import { CurlDialog } from '../ui/curlDialog';
import { h } from '../dom/element';
import { Explorer } from '../ui/explorer';
import { HeadersEditor } from '../ui/headersEditor';
import { LiveFigures } from '../ui/liveFigures';
import { QueryHash } from '../ui/queryHash';
import { QueryStatus } from '../ui/queryStatus';
import { RecentList } from '../ui/recentList';
import { RequestBodyEditor } from '../ui/requestBodyEditor';
import { ResponsePanel } from '../ui/responsePanel';
import { SavedList } from '../ui/savedList';
import { syntaxGuide } from '../ui/syntaxGuide';
import { SyntaxSwitch } from '../ui/syntaxSwitch';
import { PaneTabs } from '../ui/paneTabs';
import { TargetBar } from '../ui/targetBar';
import { VariablesEditor } from '../ui/variablesEditor';
import { pageLayout } from './pageLayout';

/**
 * The page: wires the explorer, the editor, the target bar and the response panel to one state
 * (query, syntax, target) that the URL mirrors.
 */
export class Playground {
  private _target: Target;
  private _syntax: Syntax;
  private readonly _editor: QueryEditor;
  private readonly _explorer: Explorer;
  private readonly _targetBar: TargetBar;
  private readonly _syntaxSwitch: SyntaxSwitch;
  private readonly _response = new ResponsePanel();
  private readonly _recent: RecentList;
  private readonly _saved = new SavedList((entry) => this.restore(entry));
  private readonly _body = new RequestBodyEditor();
  private readonly _variables = new VariablesEditor(
    () => this.variablesChanged(),
    () => (this._target.kind === 'gateway' && this._syntax === 'graphql' ? variableDefinitions(this._editor.text) : []),
  );
  private readonly _headers = new HeadersEditor(() => writeUrlState(this.state));
  private readonly _curl = new CurlDialog();
  private readonly _tabs = new PaneTabs();
  private readonly _status = new QueryStatus();
  private readonly _cost = new CostMeter();
  private readonly _hash = new QueryHash();
  private readonly _figures = new LiveFigures();
  private readonly _runs = new QueryRun(this._response);
  /** The gateway query and variables text of the last run that answered without errors. */
  private _cleanRun: { query: string; variables: string } | null = null;

  constructor(
    root: HTMLElement,
    private readonly _index: SchemaIndex,
  ) {
    const restored = readUrlState(window.location.search);
    this._target = resolveTarget(restored.resource ?? null, restored.params ?? {}, _index) ?? defaultTarget(_index);
    const query = restored.query ?? starterQuery(_index, this._target, restored.syntax ?? 'include');
    this._syntax = detectSyntax(query) ?? restored.syntax ?? 'include';
    this._variables.text = restored.variables ?? '';
    if (restored.headers) {
      this._headers.restore(restored.headers);
    }

    this._explorer = new Explorer(_index, {
      onPickField: (type, field) => this.pickField(type, field),
      onPickRootField: (rootField) => this.pickRootField(rootField),
      onPickTarget: (name) => this.changeTarget(name, {}),
    });
    this._targetBar = new TargetBar(_index, (name, params) => this.changeTarget(name, params));
    this._syntaxSwitch = new SyntaxSwitch((to) => void this.convert(to));
    this._recent = new RecentList(
      (entry) => this.restore(entry),
      () => this._recent.show(clearRecent()),
      (entry) => this._saved.add(entry),
    );

    const editorHost = h('div', { class: 'editor-host' });
    root.replaceChildren(this.layout(editorHost));
    this._editor = new QueryEditor(editorHost, {
      doc: query,
      syntax: this._syntax,
      environment: () => this.environment(),
      onChange: (text) => this.queryChanged(text),
      onRun: () => void this.run(),
      onPrettify: () => void this.prettify(),
      onVerdict: (problems, cost) => this.showVerdict(problems, cost),
    });

    document.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.defaultPrevented) {
        event.preventDefault();
        void this.run();
      }
    });
    this.targetChanged();
    this._syntaxSwitch.show(this._syntax);
    this._recent.show(loadRecent());
    this.showVerdict([], null);
    this._editor.view.focus();
    this._figures.start();
  }

  private layout(editorHost: HTMLElement): HTMLElement {
    return pageLayout({
      targetBar: this._targetBar.element,
      syntaxSwitch: this._syntaxSwitch.element,
      curlButton: h('button', { type: 'button', 'data-testid': 'copy-curl', title: 'Copy the request as a curl command', onclick: () => void this.showCurl() }, 'Copy as curl'),
      queryHash: this._hash.element,
      runButton: h('button', { type: 'button', class: 'primary run-button', 'data-testid': 'run', title: 'Run (Ctrl+Enter)', onclick: () => void this.run() }, 'Run'),
      prettifyButton: h('button', { type: 'button', class: 'prettify-button', 'data-testid': 'prettify', title: 'Prettify (Shift+Ctrl+P)', onclick: () => void this.prettify() }, 'Prettify'),
      tabs: this._tabs,
      explorer: this._explorer.element,
      queryParts: [editorHost, this._status.element, this._cost.element, this._body.element, this._variables.element, this._headers.element, this._saved.element, this._recent.element, this._figures.element, syntaxGuide()],
      responsePane: this._response.element,
      curlDialog: this._curl.element,
    });
  }

  private environment(): EditorEnvironment {
    return {
      index: this._index,
      syntax: this._syntax,
      rootScope: rootScopeOf(this._target, this._index),
      checkedType: this._target.kind === 'rest' ? this._target.resource.type : undefined,
      rootIsList: this._target.kind === 'rest' && this._target.resource.isList,
      variablesSettled: (text) => this._cleanRun?.query === text && this._cleanRun.variables === this._variables.text,
      variables: this._target.kind === 'gateway' ? jsonObjectText(this._variables.text) : undefined,
    };
  }

  private get state(): PlaygroundState {
    return {
      query: this._editor.text,
      syntax: this._syntax,
      resource: targetName(this._target),
      params: this._target.kind === 'rest' ? { ...this._target.params } : {},
      variables: this._target.kind === 'gateway' ? this._variables.text : '',
      headers: this._headers.sharedText,
    };
  }

  private queryChanged(text: string): void {
    const detected = detectSyntax(text);
    if (detected && detected !== this._syntax) {
      this.setSyntax(detected);
    }

    this._variables.relint();
    this.showHash();
    writeUrlState(this.state);
  }

  private showHash(sent?: string): void {
    this._hash.showFor(this._target.kind === 'gateway', this._syntax, this._editor?.text ?? '', sent);
  }

  private variablesChanged(): void {
    writeUrlState(this.state);
    // On the gateway the query is checked with the variables bound, so new values mean a new verdict (after the
    // usual pause); a warning the last run answered also comes back once the values it ran with are gone.
    if (this._cleanRun || this._target.kind === 'gateway') {
      this._editor.relint(true);
    }
  }

  private setSyntax(syntax: Syntax): void {
    this._syntax = syntax;
    this._editor.setSyntax(syntax);
    this._syntaxSwitch.show(syntax);
    this.showHash();
  }

  private changeTarget(name: string, params: Record<string, string>): void {
    const previous = this._target;
    // Parameter values carry over by name (employee 3 -> department 3), like the explorer's reclick.
    const carried = previous.kind === 'rest' ? previous.params : {};
    const next = resolveTarget(name, { ...carried, ...params }, this._index);
    if (!next) {
      return;
    }

    this._target = next;
    const text = this._editor.text;
    if (previous.kind === 'rest' && next.kind === 'gateway') {
      this._editor.setText(toGatewayQuery(text, this._syntax, previous.resource, previous.params, this._index));
    } else if (previous.kind === 'gateway' && next.kind === 'rest') {
      this._editor.setText(toRestQuery(text, this._syntax));
    }

    this.targetChanged();
    this._editor.relint();
  }

  private targetChanged(): void {
    const target = this._target;
    this._targetBar.show(target);
    this._explorer.showTarget(targetName(target), target.kind === 'rest' ? target.resource.type : null);
    const takesBody = target.kind === 'rest' && target.resource.method !== 'GET' && target.resource.method !== 'DELETE';
    this._body.showFor(takesBody ? this.bodyTypeOf(target.resource) : null);
    this._variables.show(target.kind === 'gateway');
    this._response.showCurrentTarget(requestLineOf(target));
    this.showHash();
    writeUrlState(this.state);
  }

  /**
   * The schema doesn't say what a resource accepts; by the sample's convention the input model of
   * a resource returning `Car` is `NewCar`, and the returned type is the next best guess.
   */
  private bodyTypeOf(resource: ResourceInfo): TypeInfo | null {
    return this._index.typeNamed(`New${resource.type}`) ?? this._index.typeNamed(resource.type) ?? null;
  }

  private pickField(type: TypeInfo, field: FieldInfo): void {
    this.insert({ typeName: type.name, text: field.name });
  }

  private pickRootField(rootField: RootFieldInfo): void {
    if (this._target.kind !== 'gateway') {
      this.changeTarget('graphql', {});
    }

    const args = sampleArguments(rootField);
    this.insert({ typeName: null, text: args ? `${rootField.name}(${args})` : rootField.name });
  }

  private insert(pick: FieldPick): void {
    // On a phone the explorer hides the editor; show where the field went.
    this._tabs.show('query');
    const text = this._editor.text;
    const edit = planInsertion(
      {
        text,
        syntax: this._syntax,
        outline: outlineOf(text, this._syntax),
        cursor: this._editor.cursor,
        rootScope: rootScopeOf(this._target, this._index),
        index: this._index,
      },
      pick,
    );
    if (edit) {
      this._editor.applyEdit(edit.from, edit.to, edit.insert, edit.cursor);
    } else {
      this.showNotice(`There is no place for '${pick.text}' in this query: no field of the ${this._target.kind === 'rest' ? this._target.resource.type : 'gateway'} leads to it.`);
    }
  }

  /** Rewrites the query in the other syntax through the server's canonical printer. */
  private async convert(to: Syntax): Promise<void> {
    const text = this._editor.text;
    if (to === this._syntax && text.trim() !== '') {
      return;
    }

    if (text.trim() === '') {
      this.setSyntax(to);
      writeUrlState(this.state);
      return;
    }

    this._syntaxSwitch.setBusy(true);
    try {
      const result = await normalize(text);
      if (!result.ok) {
        this.showNotice(`Fix the query before converting it: ${describeProblem(result.problem)}`, true);
        return;
      }

      this.setSyntax(to);
      this._editor.setText(to === 'include' ? result.query.include : result.query.graphql);
    } catch (error) {
      this.showNotice(`Could not reach the server to convert the query: ${String(error)}`, true);
    } finally {
      this._syntaxSwitch.setBusy(false);
    }
  }

  private async prettify(): Promise<void> {
    const text = this._editor.text;
    if (text.trim() === '') {
      return;
    }

    try {
      const result = await prettify(text, this._syntax);
      if (!result.ok) {
        this.showNotice(`Fix the query before prettifying it: ${describeProblem(result.problem)}`, true);
      } else if (result.text !== text && this._editor.text === text) {
        this._editor.setText(result.text);
      }
    } catch (error) {
      this.showNotice(`Could not reach the server to prettify the query: ${String(error)}`, true);
    }
  }

  private async run(): Promise<void> {
    const state = this.state;
    this._recent.show(rememberQuery(state));
    this._tabs.show('response');
    await this._runs.run({
      requestLine: requestLineOf(this._target),
      onGateway: this._target.kind === 'gateway',
      prepare: () => this.prepare(state.query),
      onSending: (request) => {
        if (this._target.kind === 'gateway' && request.body) {
          this.showHash((JSON.parse(request.body) as { query: string }).query);
        }
      },
      onAnswered: () => void this._figures.refresh(),
      onSaving: (bytes) => this._figures.addSaving(bytes),
      onCleanGatewayAnswer: () => {
        this._cleanRun = { query: state.query, variables: state.variables };
        this._editor.relint();
      },
    });
  }

  private async prepare(query: string): Promise<RunRequests> {
    return requestsFor({
      target: this._target,
      syntax: this._syntax,
      query,
      body: this._body.value,
      variables: this._target.kind === 'gateway' ? this._variables.parse() : undefined,
      headers: this._headers.parse(),
    });
  }

  private async showCurl(): Promise<void> {
    try {
      const { request } = await this.prepare(this._editor.text);
      await this._curl.open(toCurl(request, window.location.origin, actingAsCookie()));
    } catch (error) {
      this.showNotice(error instanceof Error ? error.message : String(error), true);
    }
  }

  private restore(entry: PlaygroundState): void {
    const target = resolveTarget(entry.resource, entry.params, this._index);
    if (!target) {
      return;
    }

    this._target = target;
    this._variables.text = entry.variables ?? '';
    this.targetChanged();
    this.setSyntax(entry.syntax);
    this._editor.setText(entry.query);
    this._editor.relint();
    this._editor.view.focus();
  }

  private showVerdict(problems: Problem[], cost: SelectionCost | null): void {
    this._status.showProblems(problems, this._editor?.text.trim() === '');
    // The server only estimates a selection checked against a type: REST targets, valid queries.
    const target = this._target;
    this._cost.show(cost && target.kind === 'rest' ? requestCost(cost, target.resource.isList) : null);
  }

  private showNotice(message: string, isError = false): void {
    this._status.showNotice(message, isError);
  }
}

/** `text` when it is a JSON object (the variables Run would send), else undefined: a half-typed box is not sent. */
function jsonObjectText(text: string): string | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? text : undefined;
  } catch {
    return undefined;
  }
}
