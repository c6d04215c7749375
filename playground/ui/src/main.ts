import { fetchSchema } from './api/schema';
import { Playground } from './app/playground';
import { SchemaIndex } from './model/schemaIndex';
import './styles.css';

const root = document.getElementById('app')!;
try {
  new Playground(root, new SchemaIndex(await fetchSchema()));
} catch (error) {
  root.replaceChildren();
  const message = document.createElement('p');
  message.className = 'load-error';
  message.textContent = `The playground could not load the schema: ${error instanceof Error ? error.message : String(error)}`;
  root.append(message);
}
