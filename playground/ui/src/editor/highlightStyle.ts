import { HighlightStyle } from '@codemirror/language';
import { tags } from '@lezer/highlight';

/** One quiet palette for the query editor and the JSON response, so a field reads the same in both. */
export const playgroundHighlightStyle = HighlightStyle.define([
  { tag: tags.propertyName, color: '#1d4ed8' },
  { tag: tags.labelName, color: '#7c3aed' },
  { tag: tags.atom, color: '#b45309', fontWeight: '600' },
  { tag: tags.modifier, color: '#be123c', fontWeight: '600' },
  { tag: tags.meta, color: '#be123c' },
  { tag: tags.keyword, color: '#7c3aed', fontWeight: '600' },
  { tag: tags.typeName, color: '#0e7490' },
  { tag: tags.attributeName, color: '#4b5563' },
  { tag: tags.variableName, color: '#c2410c' },
  { tag: tags.string, color: '#047857' },
  { tag: tags.number, color: '#b45309' },
  { tag: [tags.bool, tags.null], color: '#0e7490' },
  { tag: tags.lineComment, color: '#9ca3af', fontStyle: 'italic' },
  { tag: [tags.squareBracket, tags.brace, tags.paren, tags.separator, tags.punctuation], color: '#6b7280' },
  { tag: tags.operator, color: '#6b7280' },
  { tag: tags.invalid, color: '#dc2626', textDecoration: 'underline wavy' },
]);
