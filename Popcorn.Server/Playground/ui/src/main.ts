import { fetchGatewaySchema } from './api/introspection';
import { fetchSchema } from './api/schema';
import { serverNames } from './api/serverNames';
import { Playground } from './app/playground';
import { SchemaIndex } from './model/schemaIndex';
import { mountActAsSwitch } from './ui/actAsSwitch';
// Tokens first: every later sheet reads them.
import './styles/tokens.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/explorer.css';
import './styles/editor.css';
import './styles/response.css';

const root = document.getElementById('app')!;
try {
  const schema = await fetchSchema();
  // Gateway mode documents what introspection says, as GraphiQL would; without it, /popcorn/schema's root fields.
  const gateway = schema.rootFields.length > 0 ? await fetchGatewaySchema(serverNames().gatewayPath) : null;
  new Playground(root, new SchemaIndex(schema, gateway));
  await mountActAsSwitch(root.querySelector('.topbar-actions'));
} catch (error) {
  root.replaceChildren();
  const message = document.createElement('p');
  message.className = 'load-error';
  message.textContent = `The playground could not load the schema: ${error instanceof Error ? error.message : String(error)}`;
  root.append(message);
}
