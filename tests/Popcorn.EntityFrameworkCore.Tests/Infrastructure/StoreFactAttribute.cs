using Xunit.Abstractions;
using Xunit.Sdk;

namespace Popcorn.EntityFrameworkCore.Tests.Infrastructure;

/// <summary>
/// A fact that runs once per provider class deriving from a shared test class: in a class with a
/// <see cref="PostgresStore"/> fixture it is skipped, with the reason shown, when PostgreSQL is not installed. When
/// it is installed, a cluster that fails to start fails the tests.
/// </summary>
[XunitTestCaseDiscoverer("Popcorn.EntityFrameworkCore.Tests.Infrastructure.StoreFactDiscoverer", "Popcorn.EntityFrameworkCore.Tests")]
[AttributeUsage(AttributeTargets.Method)]
public sealed class StoreFactAttribute : FactAttribute;

/// <summary>Decides, per test class, whether a <see cref="StoreFactAttribute"/> test is skipped.</summary>
public sealed class StoreFactDiscoverer(IMessageSink diagnosticMessageSink) : IXunitTestCaseDiscoverer
{
    public IEnumerable<IXunitTestCase> Discover(ITestFrameworkDiscoveryOptions discoveryOptions, ITestMethod testMethod, IAttributeInfo factAttribute)
    {
        var testClass = testMethod.TestClass.Class.ToRuntimeType();
        string? skip = typeof(IClassFixture<PostgresStore>).IsAssignableFrom(testClass) ? PostgresCluster.UnavailableReason : null;
        yield return new StoreTestCase(diagnosticMessageSink, discoveryOptions.MethodDisplayOrDefault(), discoveryOptions.MethodDisplayOptionsOrDefault(), testMethod, skip);
    }
}

/// <summary>A test case whose skip reason comes from the environment rather than the attribute.</summary>
public sealed class StoreTestCase : XunitTestCase
{
    private string? _skip;

    [Obsolete("Called by the de-serializer; should only be called by deriving classes for de-serialization purposes")]
    public StoreTestCase()
    {
    }

    public StoreTestCase(IMessageSink sink, TestMethodDisplay display, TestMethodDisplayOptions options, ITestMethod method, string? skip)
        : base(sink, display, options, method)
    {
        _skip = skip;
    }

    protected override string? GetSkipReason(IAttributeInfo factAttribute) => _skip;

    public override void Serialize(IXunitSerializationInfo data)
    {
        base.Serialize(data);
        data.AddValue("Skip", _skip);
    }

    public override void Deserialize(IXunitSerializationInfo data)
    {
        _skip = data.GetValue<string?>("Skip");
        base.Deserialize(data);
    }
}
