using Microsoft.CodeAnalysis;
using Popcorn.Generator.Model;

namespace Popcorn.Generator.Diagnostics;

/// <summary>A diagnostic as a value: which descriptor, where, and the message arguments.</summary>
internal sealed record DiagnosticInfo(string Id, LocationInfo? Location, EquatableArray<string> MessageArgs)
{
    public Diagnostic ToDiagnostic()
    {
        var descriptor = DiagnosticDescriptors.ById(Id);
        var args = new object[MessageArgs.Count];
        for (int i = 0; i < args.Length; i++)
        {
            args[i] = MessageArgs[i];
        }

        return Diagnostic.Create(descriptor, Location?.ToLocation(), args);
    }
}
