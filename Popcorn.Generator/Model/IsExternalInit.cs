namespace System.Runtime.CompilerServices;

/// <summary>Lets netstandard2.0 compile records and init accessors.</summary>
internal static class IsExternalInit;
