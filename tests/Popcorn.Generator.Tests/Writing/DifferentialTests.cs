using System.Text.Json.Nodes;
using System.Text.Json.Serialization;
using Popcorn.Generator.Tests.Models;
using Popcorn.Query;

namespace Popcorn.Generator.Tests.Writing;

/// <summary>Generated writers against System.Text.Json: the full plan byte for byte, random selections through the projector.</summary>
public class DifferentialTests
{
    public static TheoryData<string> Models => new()
    {
        nameof(Employee), nameof(AllScalars), "AllScalarsAlternate", nameof(Collections), nameof(Dictionaries),
        nameof(Manager), nameof(Node), nameof(Shape), nameof(Tuning), "TuningDefaults", nameof(WithFields), nameof(Order),
    };

    [Theory]
    [MemberData(nameof(Models))]
    public void Write_FullPlan_IsByteIdenticalToSystemTextJsonMinusNeverFields(string model)
    {
        var (actual, expected, plan) = SampleOf(model).Full();

        // [Never] members are the only difference; the projection through the full plan drops exactly them.
        if (plan.Type.Fields.Any(f => f.IsNever))
        {
            actual.ShouldBe(JsonProjector.Project(JsonNode.Parse(expected), plan)!.ToJsonString());
        }
        else
        {
            actual.ShouldBe(expected);
        }
    }

    [Theory]
    [MemberData(nameof(Models))]
    public void Write_RandomSelections_MatchSystemTextJsonProjectedThroughThePlan(string model)
    {
        var sample = SampleOf(model);
        var random = new RandomSelections(seed: 20240601 + model.Length);
        int compiled = 0;
        for (int i = 0; i < 200; i++)
        {
            string selection = random.Next(sample.Metadata);
            SelectionPlan plan;
            try
            {
                plan = PlanCompiler.Compile(sample.Metadata, SelectionParser.Parse(selection));
            }
            catch (PopcornQueryException)
            {
                continue;
            }

            compiled++;
            string expected = JsonProjector.Project(JsonNode.Parse(sample.Expected), plan)!.ToJsonString();
            string actual = Normalize(sample.Write(plan));
            actual.ShouldBe(expected, $"selection {selection}");
        }

        compiled.ShouldBeGreaterThan(100);
    }

    [Theory]
    [MemberData(nameof(Models))]
    public void Write_DefaultPlan_MatchesSystemTextJsonProjectedThroughTheDefaults(string model)
    {
        var sample = SampleOf(model);
        var plan = PlanCompiler.CompileDefault(sample.Metadata);
        Normalize(sample.Write(plan)).ShouldBe(JsonProjector.Project(JsonNode.Parse(sample.Expected), plan)!.ToJsonString());
    }

    private static string Normalize(string json) => JsonNode.Parse(json)!.ToJsonString();

    internal static ISample SampleOf(string model) => model switch
    {
        nameof(Employee) => new Sample<Employee>(TestData.Employee(), cyclic: true),
        nameof(AllScalars) => new Sample<AllScalars>(TestData.Scalars()),
        "AllScalarsAlternate" => new Sample<AllScalars>(TestData.Scalars(alternate: true)),
        nameof(Collections) => new Sample<Collections>(TestData.Collections()),
        nameof(Dictionaries) => new Sample<Dictionaries>(TestData.Dictionaries()),
        nameof(Manager) => new Sample<Manager>(TestData.Manager(), cyclic: true),
        nameof(Node) => new Sample<Node>(TestData.Tree(), cyclic: true),
        nameof(Shape) => new Sample<Shape>(TestData.Shape()),
        nameof(Tuning) => new Sample<Tuning>(TestData.Tuning()),
        "TuningDefaults" => new Sample<Tuning>(TestData.Tuning(defaults: true)),
        nameof(Order) => new Sample<Order>(TestData.Order()),
        nameof(WithFields) => new Sample<WithFields>(TestData.Fields(), context: FieldsJsonContext.Default),
        _ => throw new ArgumentOutOfRangeException(nameof(model)),
    };

    internal interface ISample
    {
        TypeMetadata Metadata { get; }

        string Expected { get; }

        string Write(SelectionPlan plan);

        (string Actual, string Expected, SelectionPlan Plan) Full();
    }

    private sealed class Sample<T>(T value, bool cyclic = false, JsonSerializerContext? context = null) : ISample
    {
        private readonly JsonSerializerContext _context = context ?? (cyclic ? WriteHelper.IgnoreCycles : TestJsonContext.Default);

        private IPopcornContext Popcorn => (IPopcornContext)(context ?? TestJsonContext.Default);

        public TypeMetadata Metadata => WriteHelper.Writer<T>(Popcorn).Metadata;

        public string Expected => WriteHelper.Stj(_context, value);

        public string Write(SelectionPlan plan) => WriteHelper.Write(Popcorn, value, plan);

        public (string, string, SelectionPlan) Full()
        {
            var plan = PlanCompiler.Compile(Metadata, SelectionParser.Parse("[!full]"));
            return (Write(plan), Expected, plan);
        }
    }
}
