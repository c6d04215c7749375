import type { SchemaIndex } from '../model/schemaIndex';
import type { Scope } from '../model/scope';
import type { Syntax } from '../query/syntax';

/** What the editor's helpers need to know about the page right now; read afresh on every use. */
export interface EditorEnvironment {
  index: SchemaIndex;
  syntax: Syntax;
  /** The scope of the outermost selection: the resource's type, or the gateway's root fields. */
  rootScope: Scope;
  /** True when the outermost selection is a REST list resource's, which takes list arguments before it: `(first: 10)[id]`. */
  rootIsList: boolean;
  /** The model type the server checks field names against (REST targets only). */
  checkedType: string | undefined;
  /** True when `text` last ran on the gateway without errors, with the variables now in the box. */
  variablesSettled: (text: string) => boolean;
  /** On the gateway, the variables box when it holds a JSON object (what Run sends); otherwise undefined. */
  variables: string | undefined;
}
