using System;
using System.Text;

namespace Popcorn.Generator.Emit;

/// <summary>A small indenting text writer for generated C#.</summary>
internal sealed class SourceWriter
{
    private readonly StringBuilder _builder = new();
    private int _indent;

    public void Line(string text = "")
    {
        if (text.Length > 0)
        {
            _builder.Append(' ', _indent * 4);
            _builder.Append(text);
        }

        _builder.Append('\n');
    }

    /// <summary>Writes each line of a (raw string literal) block at the current indentation.</summary>
    public void Block(string text)
    {
        foreach (string line in text.Replace("\r\n", "\n").Split('\n'))
        {
            Line(line);
        }
    }

    public void Open(string header)
    {
        Line(header);
        Line("{");
        _indent++;
    }

    public void Open()
    {
        Line("{");
        _indent++;
    }

    public void Close(string suffix = "")
    {
        _indent--;
        Line("}" + suffix);
    }

    public void Indent() => _indent++;

    public void Unindent() => _indent = Math.Max(0, _indent - 1);

    public override string ToString() => _builder.ToString();
}
