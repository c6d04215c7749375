using System;
using System.Linq;
using System.Text;
using System.Threading;
using System.Xml;
using System.Xml.Linq;
using Microsoft.CodeAnalysis;

namespace Popcorn.Generator.Parsing;

/// <summary>Reads the <c>&lt;summary&gt;</c> of a symbol's XML doc comment as plain text.</summary>
internal static class XmlDocs
{
    public static string? Summary(ISymbol symbol, CancellationToken cancellationToken)
    {
        // A positional record's property is documented by the record's <param> for it.
        if (symbol is IPropertySymbol && symbol.ContainingType is { } owner
            && symbol.DeclaringSyntaxReferences.FirstOrDefault()?.GetSyntax(cancellationToken) is Microsoft.CodeAnalysis.CSharp.Syntax.ParameterSyntax)
        {
            return Element(owner, "param", symbol.Name, cancellationToken);
        }

        return Element(symbol, "summary", null, cancellationToken);
    }

    private static string? Element(ISymbol symbol, string elementName, string? nameAttribute, CancellationToken cancellationToken)
    {
        string? xml = symbol.GetDocumentationCommentXml(expandIncludes: false, cancellationToken: cancellationToken);
        if (string.IsNullOrWhiteSpace(xml))
        {
            // Without <GenerateDocumentationFile> the compiler may not parse doc comments; read the trivia instead.
            xml = FromTrivia(symbol, cancellationToken);
        }

        if (string.IsNullOrWhiteSpace(xml))
        {
            return null;
        }

        try
        {
            var root = XDocument.Parse("<root>" + xml + "</root>", LoadOptions.PreserveWhitespace).Root!;
            var summary = root.Descendants(elementName).FirstOrDefault(e => nameAttribute is null || (string?)e.Attribute("name") == nameAttribute);
            if (summary is null)
            {
                return null;
            }

            var text = new StringBuilder();
            AppendText(summary, text);
            string normalized = Normalize(text.ToString());
            return normalized.Length == 0 ? null : normalized;
        }
        catch (XmlException)
        {
            return null;
        }
    }

    private static string? FromTrivia(ISymbol symbol, CancellationToken cancellationToken)
    {
        foreach (var reference in symbol.DeclaringSyntaxReferences)
        {
            var node = reference.GetSyntax(cancellationToken);

            // Fields are declared by a declarator whose doc comment sits on the enclosing declaration.
            while (node.Parent is not null && node is not Microsoft.CodeAnalysis.CSharp.Syntax.MemberDeclarationSyntax)
            {
                node = node.Parent;
            }

            var lines = node.GetLeadingTrivia().ToFullString()
                .Split('\n')
                .Select(line => line.Trim())
                .Where(line => line.StartsWith("///", StringComparison.Ordinal))
                .Select(line => line.Substring(3))
                .ToArray();
            if (lines.Length > 0)
            {
                return string.Join("\n", lines);
            }
        }

        return null;
    }

    private static void AppendText(XElement element, StringBuilder text)
    {
        foreach (var node in element.Nodes())
        {
            switch (node)
            {
                case XText t:
                    text.Append(t.Value);
                    break;
                case XElement e when e.Name.LocalName is "see" or "seealso":
                    if (e.Attribute("langword") is { } langword)
                    {
                        text.Append(langword.Value);
                    }
                    else if (!e.IsEmpty && e.Nodes().Any())
                    {
                        AppendText(e, text);
                    }
                    else if (e.Attribute("cref") is { } cref)
                    {
                        text.Append(ShortCref(cref.Value));
                    }
                    else if (e.Attribute("href") is { } href)
                    {
                        text.Append(href.Value);
                    }

                    break;
                case XElement e when e.Name.LocalName is "paramref" or "typeparamref":
                    text.Append(e.Attribute("name")?.Value);
                    break;
                case XElement e when e.Name.LocalName == "para":
                    text.Append(' ');
                    AppendText(e, text);
                    text.Append(' ');
                    break;
                case XElement e:
                    AppendText(e, text);
                    break;
            }
        }
    }

    /// <summary><c>T:Ns.Type</c> and <c>M:Ns.Type.Method(System.Int32)</c> become <c>Type</c> and <c>Method</c>.</summary>
    private static string ShortCref(string cref)
    {
        int colon = cref.IndexOf(':');
        if (colon >= 0)
        {
            cref = cref.Substring(colon + 1);
        }

        int paren = cref.IndexOf('(');
        if (paren >= 0)
        {
            cref = cref.Substring(0, paren);
        }

        int generic = cref.IndexOfAny(new[] { '{', '`', '<' });
        if (generic >= 0)
        {
            cref = cref.Substring(0, generic);
        }

        int dot = cref.LastIndexOf('.');
        return dot >= 0 ? cref.Substring(dot + 1) : cref;
    }

    private static string Normalize(string text)
    {
        var result = new StringBuilder(text.Length);
        bool space = false;
        foreach (char c in text)
        {
            if (char.IsWhiteSpace(c))
            {
                space = result.Length > 0;
                continue;
            }

            if (space)
            {
                result.Append(' ');
                space = false;
            }

            result.Append(c);
        }

        return result.ToString();
    }
}
