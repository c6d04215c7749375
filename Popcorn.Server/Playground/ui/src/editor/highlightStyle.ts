import { HighlightStyle } from '@codemirror/language';
import { tags } from '@lezer/highlight';

/**
 * One quiet palette for the query editor and the JSON response, so a field reads the same in both.
 * The colours are the theme's tokens (styles/tokens.css), so the dark theme needs no second style.
 */
export const playgroundHighlightStyle = HighlightStyle.define([
  { tag: tags.propertyName, color: 'var(--syn-property)' },
  { tag: tags.labelName, color: 'var(--syn-label)' },
  { tag: tags.atom, color: 'var(--syn-atom)', fontWeight: '600' },
  { tag: tags.modifier, color: 'var(--syn-modifier)', fontWeight: '600' },
  { tag: tags.meta, color: 'var(--syn-modifier)' },
  { tag: tags.keyword, color: 'var(--syn-label)', fontWeight: '600' },
  { tag: tags.typeName, color: 'var(--syn-type)' },
  { tag: tags.attributeName, color: 'var(--syn-attribute)' },
  { tag: tags.variableName, color: 'var(--syn-variable)' },
  { tag: tags.string, color: 'var(--syn-string)' },
  { tag: tags.number, color: 'var(--syn-number)' },
  { tag: [tags.bool, tags.null], color: 'var(--syn-type)' },
  { tag: tags.lineComment, color: 'var(--syn-comment)', fontStyle: 'italic' },
  { tag: [tags.squareBracket, tags.brace, tags.paren, tags.separator, tags.punctuation], color: 'var(--syn-punct)' },
  { tag: tags.operator, color: 'var(--syn-punct)' },
  { tag: tags.invalid, color: 'var(--syn-invalid)', textDecoration: 'underline wavy' },
]);
