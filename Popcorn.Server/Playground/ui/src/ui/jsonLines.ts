/**
 * A response body as the viewer shows it: pretty-printed lines and, for every line that opens an
 * object or array, the line that closes it (what a fold hides). Built once per response, in
 * one pass, so a megabyte of JSON costs tens of milliseconds rather than a DOM node per token.
 */
export interface JsonLines {
  /** Whether the body was JSON (and so is highlighted and foldable). */
  isJson: boolean;
  lines: string[];
  /** For line i opening `{` or `[`: the index of its closing line; -1 for every other line. */
  closeOf: Int32Array;
}

export function jsonLines(body: string): JsonLines {
  let pretty: string;
  try {
    pretty = JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    const lines = body.split('\n');
    return { isJson: false, lines, closeOf: new Int32Array(lines.length).fill(-1) };
  }

  const lines = pretty.split('\n');
  const closeOf = new Int32Array(lines.length).fill(-1);
  // JSON.stringify puts an opening bracket last on its line and a closing one first on its own
  // line (empty ones print as {} or [] on one line), and strings cannot hold a raw newline.
  const open: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const first = line.trimStart()[0];
    if ((first === '}' || first === ']') && open.length > 0) {
      closeOf[open.pop()!] = i;
    }

    const last = line[line.length - 1];
    if (last === '{' || last === '[') {
      open.push(i);
    }
  }

  return { isJson: true, lines, closeOf };
}
