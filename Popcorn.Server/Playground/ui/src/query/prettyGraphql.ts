/**
 * Lays a GraphQL-syntax query out on lines, one field per line, indented by nesting, the way
 * GraphiQL's Prettify does. It works on the person's own tokens rather than the server's
 * canonical form, because that form inlines fragments, drops directives and needs variable
 * values: a document keeps every name, argument, directive, fragment and comment it had.
 */
export function prettyGraphql(text: string): string {
  const printer = new Printer();
  for (const token of tokensOf(text)) {
    printer.add(token);
  }

  return printer.result();
}

type TokenKind = 'name' | 'string' | 'comment' | 'punct';

interface Token {
  kind: TokenKind;
  text: string;
}

const indentUnit = '  ';

/** Splits GraphQL text into tokens; commas and white space are separators, not tokens. */
function* tokensOf(text: string): Generator<Token> {
  let at = 0;
  while (at < text.length) {
    const rest = text.slice(at);
    const match =
      /^[\s,\uFEFF]+/.exec(rest) ??
      /^#[^\n\r]*/.exec(rest) ??
      /^"""(?:\\"""|[^])*?(?:"""|$)/.exec(rest) ??
      /^"(?:\\.|[^"\\\n\r])*(?:"|$)/.exec(rest) ??
      /^\.\.\./.exec(rest) ??
      /^-?[\w.+-]+/.exec(rest) ??
      /^[^]/.exec(rest)!;
    const piece = match[0];
    at += piece.length;
    if (/^[\s,\uFEFF]/.test(piece)) {
      continue;
    }

    const kind: TokenKind = piece.startsWith('#') ? 'comment' : piece.startsWith('"') ? 'string' : /^-?\w/.test(piece) ? 'name' : 'punct';
    yield { kind, text: piece };
  }
}

/**
 * Writes tokens out: braces of a selection set open and close lines; inside argument lists,
 * variable definitions and values everything stays on one line, comma separated.
 */
class Printer {
  private readonly _lines: string[] = [];
  private _line = '';
  private _depth = 0;
  /** Nesting of ( [ and value braces, where the layout is inline. */
  private _inline: string[] = [];
  private _previous: Token | null = null;
  private _beforePrevious: Token | null = null;

  add(token: Token): void {
    if (this._inline.length > 0) {
      this.addInline(token);
    } else if (token.text === '{') {
      this.write(this._line.trim() === '' ? '{' : ' {');
      this._depth++;
      this.breakLine();
    } else if (token.text === '}') {
      this.breakLine();
      this._depth = Math.max(this._depth - 1, 0);
      this.write('}');
      this.breakLine();
      if (this._depth === 0) {
        // Operations and fragments stand apart.
        this._lines.push('');
      }
    } else if (token.kind === 'comment') {
      this.write(this._line.trim() === '' ? token.text : ` ${token.text}`);
      this.breakLine();
    } else {
      if (this._depth > 0 && this.startsField(token)) {
        this.breakLine();
      }

      this.write(this.spaceBefore(token) + token.text);
      if (token.text === '(' || token.text === '[') {
        this._inline.push(token.text);
      }
    }

    this._beforePrevious = this._previous;
    this._previous = token;
  }

  result(): string {
    this.breakLine();
    return this._lines.join('\n').replace(/\n{3,}/g, '\n\n').trim();
  }

  private addInline(token: Token): void {
    if (token.text === '(' || token.text === '[' || token.text === '{') {
      this._inline.push(token.text);
    } else if (token.text === ')' || token.text === ']' || token.text === '}') {
      this._inline.pop();
    }

    const separated = this._previous !== null && this.isValueEnd(this._previous) && this.isValueStart(token);
    this.write((separated ? ', ' : this.spaceBefore(token)) + token.text);
    this._beforePrevious = this._previous;
    this._previous = token;
  }

  /** A name in a selection set starts a field unless it continues an alias, a spread or a directive. */
  private startsField(token: Token): boolean {
    const previous = this._previous;
    if (token.kind !== 'name' && token.text !== '...') {
      return false;
    }

    if (!previous || this._line.trim() === '') {
      return false;
    }

    if (previous.text === ')' || previous.text === '}') {
      return true;
    }

    return previous.kind === 'name' && !(previous.text === 'on' && this._beforePrevious?.text === '...');
  }

  private spaceBefore(token: Token): string {
    const previous = this._previous;
    if (this._line.trim() === '' || !previous) {
      return '';
    }

    if (['(', '[', '{', '$', '@'].includes(previous.text) || [')', ']', '}', ':', '!', '('].includes(token.text)) {
      return token.text === '(' && previous.kind !== 'name' ? ' ' : '';
    }

    if (previous.text === '...' && token.text !== 'on') {
      return '';
    }

    return ' ';
  }

  private isValueEnd(token: Token): boolean {
    return token.kind === 'name' || token.kind === 'string' || [')', ']', '}', '!'].includes(token.text);
  }

  private isValueStart(token: Token): boolean {
    return (token.kind === 'name' || token.kind === 'string' || ['$', '[', '{'].includes(token.text)) && this._previous?.text !== ':';
  }

  private write(text: string): void {
    if (this._line === '') {
      this._line = indentUnit.repeat(this._depth);
    }

    this._line += text;
  }

  private breakLine(): void {
    if (this._line.trim() !== '') {
      this._lines.push(this._line.trimEnd());
    }

    this._line = '';
  }
}
