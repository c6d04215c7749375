using System.Buffers;
using System.Text.Json;
using System.Text.Json.Serialization;
using Popcorn.Generator.Tests.Models;
using Popcorn.Query;

namespace Popcorn.Generator.Tests.Writing;

/// <summary>[JsonPolymorphic] bases: metadata, dispatch on the runtime type, and the discriminator exactly as System.Text.Json writes it.</summary>
public class PolymorphismTests
{
    private static readonly IPopcornContext Context = TestJsonContext.Default;

    internal static Zoo SampleZoo()
    {
        var rex = new Dog { Id = 1, Name = "Rex \"the\" dog", GoodBoy = true };
        var tom = new Cat { Id = 2, Name = "Tom", Lives = 7 };
        var nemo = new Fish { Id = 3, Name = "Nemo", Length = 0.5 };
        rex.Friends = [tom, nemo, new Dog { Id = 4, Name = "Fido" }];
        return new Zoo
        {
            Animals = [rex, tom, nemo],
            Star = tom,
            Vehicles = [new Vehicle { Plate = "V-1" }, new Truck { Plate = "T-1", Axles = 3 }, new BigTruck { Plate = "B-1", Axles = 5, Trailers = 2 }, new Bike { Plate = "K-1" }],
            Figures = [new Figure { Sides = 5 }, new Square { Sides = 4, Side = 1.5 }, new Triangle { Sides = 3, Height = 2 }],
            Guard = new Dog { Id = 5, Name = "Guard" },
        };
    }

    [Fact]
    public void Write_FullPlan_IsByteIdenticalToSystemTextJson()
    {
        var zoo = SampleZoo();

        string actual = WriteHelper.Write(Context, zoo, "[!full]");

        actual.ShouldBe(WriteHelper.Stj(TestJsonContext.Default, zoo));
        actual.ShouldContain("{\"$type\":2,\"lives\":7,\"name\":\"Tom\",\"id\":2}");
    }

    [Fact]
    public void Write_FullPlanOfTheBase_IsByteIdenticalToSystemTextJson()
    {
        foreach (var animal in SampleZoo().Animals)
        {
            WriteHelper.Write<Animal>(Context, animal, "[!full]").ShouldBe(WriteHelper.Stj<Animal>(TestJsonContext.Default, animal));
        }
    }

    [Fact]
    public void Write_DerivedTypeDeclaredAsItself_WritesNoDiscriminator()
    {
        var dog = new Dog { Id = 5, Name = "Guard" };

        WriteHelper.Write(Context, dog, "[!full]").ShouldBe(WriteHelper.Stj(TestJsonContext.Default, dog));
        WriteHelper.Write(Context, dog, "[!full]").ShouldNotContain("$type");
    }

    [Fact]
    public void Write_UnknownDerivedType_FailsAsSystemTextJsonDoes()
    {
        var zoo = new Zoo { Animals = [new Puppy { Name = "Pup" }] };

        Should.Throw<NotSupportedException>(() => WriteHelper.Stj(TestJsonContext.Default, zoo));
        Should.Throw<NotSupportedException>(() => WriteHelper.Write(Context, zoo, "[!full]")).Message.ShouldContain("Puppy");
        Should.Throw<NotSupportedException>(() => WriteHelper.Write(Context, zoo, "[animals[name]]"));
    }

    [Theory]
    [InlineData("[animals[name],star[name],vehicles[plate],figures[sides],guard[name]]")]
    [InlineData("[animals,star,vehicles,figures,guard]")]
    [InlineData("[animals[!all],vehicles[!all],figures[!all],guard[!all]]")]
    public void Write_Selection_WritesTheDiscriminatorFirstAndTheSelectedFieldsOfEachType(string selection)
    {
        string actual = WriteHelper.Write(Context, SampleZoo(), selection);
        var json = JsonDocument.Parse(actual).RootElement;

        var animals = json.GetProperty("animals").EnumerateArray().ToArray();
        animals[0].EnumerateObject().First().ToString().ShouldBe("\"$type\":\"dog\"");
        animals[1].EnumerateObject().First().ToString().ShouldBe("\"$type\":2");
        animals[2].TryGetProperty("$type", out _).ShouldBeFalse();
        animals[0].GetProperty("id").GetInt32().ShouldBe(1); // [Always] on the base holds in every derived type
        var vehicles = json.GetProperty("vehicles").EnumerateArray().Select(v => v.GetProperty("kind").GetString()).ToArray();
        vehicles.ShouldBe(["vehicle", "truck", "truck", "vehicle"]);
        var figures = json.GetProperty("figures").EnumerateArray().Select(f => f.TryGetProperty("$type", out var t) ? t.GetString() : null).ToArray();
        figures.ShouldBe([null, "square", null]);
        json.GetProperty("guard").TryGetProperty("$type", out _).ShouldBeFalse();
    }

    [Fact]
    public void Write_DefaultsOfTheBase_AreEachDerivedTypesDefaults()
    {
        // Animal.Id is [Always], so it is every derived type's only default; Figure marks none, so Square's are all its fields.
        string actual = WriteHelper.Write(Context, SampleZoo(), "[star,figures]");

        actual.ShouldBe("{\"star\":{\"$type\":2,\"id\":2},\"figures\":[{\"sides\":5},{\"$type\":\"square\",\"side\":1.5,\"sides\":4},{\"sides\":3}]}");
    }

    [Fact]
    public void Write_GraphQLSemantics_WritesTypeNameOfTheConcreteTypeAndNoDiscriminator()
    {
        var plan = PlanCompiler.Compile(
            WriteHelper.Writer<Zoo>(Context).Metadata,
            SelectionParser.Parse("{ animals { __typename name } vehicles { plate __typename } }"),
            PlanCompilerOptions.Default with { Semantics = SelectionSemantics.GraphQL });

        string actual = WriteHelper.Write(Context, SampleZoo(), plan);

        actual.ShouldBe(
            "{\"animals\":[{\"__typename\":\"Dog\",\"name\":\"Rex \\u0022the\\u0022 dog\"},{\"__typename\":\"Cat\",\"name\":\"Tom\"},{\"__typename\":\"Fish\",\"name\":\"Nemo\"}]," +
            "\"vehicles\":[{\"plate\":\"V-1\",\"__typename\":\"Vehicle\"},{\"plate\":\"T-1\",\"__typename\":\"Truck\"},{\"plate\":\"B-1\",\"__typename\":\"Truck\"},{\"plate\":\"K-1\",\"__typename\":\"Vehicle\"}]}");
    }

    [Fact]
    public void Compile_FieldOfADerivedTypeOnTheBase_IsAnUnknownField()
    {
        var error = Should.Throw<PopcornQueryException>(() => WriteHelper.Plan<Zoo>(Context, "[star[lives]]"));

        error.Message.ShouldContain("Unknown field 'lives' on type 'Animal'");
        error.Column.ShouldBe(7);
    }

    [Fact]
    public void Compile_OptionalFieldOfADerivedType_IsLeftOutForEveryType()
    {
        WriteHelper.Write(Context, SampleZoo(), "[star[name,?lives]]").ShouldBe("{\"star\":{\"$type\":2,\"name\":\"Tom\",\"id\":2}}");
    }

    [Theory]
    [InlineData("[star[name,...on Cat[lives]]]")]
    [InlineData("[star[...on Cat[lives],name]]")]
    [InlineData("{ star { ... on Cat { lives } name } }")]
    [InlineData("{ star { ...C name } } fragment C on Cat { lives }")]
    public void Write_TypeCondition_AddsItsFieldsForThatTypeOnly(string selection)
    {
        var zoo = SampleZoo();

        // REST: declaration order, whatever order the selection was written in.
        WriteHelper.Write(Context, zoo, selection).ShouldBe("{\"star\":{\"$type\":2,\"lives\":7,\"name\":\"Tom\",\"id\":2}}");
        zoo.Star = zoo.Animals[0];
        WriteHelper.Write(Context, zoo, selection).ShouldBe("{\"star\":{\"$type\":\"dog\",\"name\":\"Rex \\u0022the\\u0022 dog\",\"id\":1}}");
    }

    [Fact]
    public void Write_TypeConditionsUnderGraphQLSemantics_FollowTheSelectionOrder()
    {
        var plan = PlanCompiler.Compile(
            WriteHelper.Writer<Zoo>(Context).Metadata,
            SelectionParser.Parse("{ animals { ... on Cat { lives } name ... on Dog { friends { __typename } goodBoy } __typename } }"),
            PlanCompilerOptions.Default with { Semantics = SelectionSemantics.GraphQL });

        WriteHelper.Write(Context, SampleZoo(), plan).ShouldBe(
            "{\"animals\":[{\"name\":\"Rex \\u0022the\\u0022 dog\",\"friends\":[{\"__typename\":\"Cat\"},{\"__typename\":\"Fish\"},{\"__typename\":\"Dog\"}],\"goodBoy\":true,\"__typename\":\"Dog\"}," +
            "{\"lives\":7,\"name\":\"Tom\",\"__typename\":\"Cat\"},{\"name\":\"Nemo\",\"__typename\":\"Fish\"}]}");
    }

    [Theory]
    [InlineData("[star[...on Animal[name]]]", "{\"star\":{\"$type\":2,\"name\":\"Tom\",\"id\":2}}")]
    [InlineData("[guard[...on Animal[name],...on Dog[goodBoy]]]", "{\"guard\":{\"goodBoy\":false,\"name\":\"Guard\",\"id\":5}}")]
    public void Write_TypeConditionOnTheTypeOrItsBase_AddsItsFieldsInPlace(string selection, string expected)
    {
        WriteHelper.Write(Context, SampleZoo(), selection).ShouldBe(expected);
    }

    [Theory]
    [InlineData("[star[...on Vehicle[plate]]]", "Fragment cannot be spread here as objects of type \"Animal\" can never be of type \"Vehicle\".", 7)]
    [InlineData("[guard[...on Cat[lives]]]", "Fragment cannot be spread here as objects of type \"Dog\" can never be of type \"Cat\".", 8)]
    [InlineData("[star[...on Cat[nope]]]", "Unknown field 'nope' on type 'Cat'.", 17)]
    [InlineData("[star[...on Cat[secret]]]", "Unknown field 'secret' on type 'Cat'.", 17)]
    [InlineData("[star[!all,...on Cat[secret]]]", "Unknown field 'secret' on type 'Cat'.", 22)]
    public void Compile_ImpossibleOrUnknownTypeConditionSelection_IsRefusedWithPosition(string selection, string message, int column)
    {
        var error = Should.Throw<PopcornQueryException>(() => WriteHelper.Plan<Zoo>(Context, selection));

        error.Detail.ShouldStartWith(message);
        error.Column.ShouldBe(column);
    }

    [Fact]
    public void Compile_FieldOfADerivedTypeOnTheBase_SuggestsTheTypeCondition()
    {
        var error = Should.Throw<PopcornQueryException>(() => WriteHelper.Plan<Zoo>(Context, "[star[lives]]"));

        error.Detail.ShouldBe("Unknown field 'lives' on type 'Animal'. 'lives' is a field of 'Cat': select it under a type condition, '...on Cat[lives]' or '... on Cat { lives }'.");
    }

    [Fact]
    public void Write_NeverFieldOfADerivedType_IsNotWrittenByWildcards()
    {
        string actual = WriteHelper.Write(Context, SampleZoo(), "[star[!all,...on Cat[!all]],animals[!full]]");

        actual.ShouldNotContain("secret");
        actual.ShouldNotContain("catnip");
    }

    [Fact]
    public void Metadata_DescribesTheDerivedTypesAndTheirDiscriminators()
    {
        var animal = WriteHelper.Writer<Animal>(Context).Metadata;
        var polymorphism = animal.Polymorphism.ShouldNotBeNull();

        polymorphism.DiscriminatorPropertyName.ShouldBe("$type");
        polymorphism.IsAbstract.ShouldBeTrue();
        polymorphism.UnknownDerivedTypeHandling.ShouldBe(JsonUnknownDerivedTypeHandling.FailSerialization);
        polymorphism.DerivedTypes.Select(d => d.ToString()).ShouldBe(["Dog (dog)", "Cat (2)", "Fish"]);
        animal.PossibleTypes().Select(t => t.Name).ShouldBe(["Dog", "Cat", "Fish"]);
        polymorphism.DerivedTypes[0].Type.BaseTypes.ShouldBe([animal]);
        animal.SelectableFields.Select(f => f.WireName).ShouldBe(["name", "id"]);

        var vehicle = WriteHelper.Writer<Vehicle>(Context).Metadata;
        vehicle.Polymorphism!.DiscriminatorPropertyName.ShouldBe("kind");
        vehicle.Polymorphism.UnknownDerivedTypeHandling.ShouldBe(JsonUnknownDerivedTypeHandling.FallBackToNearestAncestor);
        vehicle.PossibleTypes().Select(t => t.Name).ShouldBe(["Vehicle", "Truck"]);
        WriteHelper.Writer<Figure>(Context).Metadata.PossibleTypes().Select(t => t.Name).ShouldBe(["Figure", "Square"]);
    }

    [Fact]
    public void Plan_FullPlanOfTheBase_HoldsAFullPlanPerDerivedType()
    {
        var plan = WriteHelper.Plan<Animal>(Context, "[!full]");

        plan.IsFull.ShouldBeTrue();
        plan.WritesDiscriminator.ShouldBeTrue();
        plan.DerivedPlans.Length.ShouldBe(3);
        plan.DerivedPlan(0).Type.Name.ShouldBe("Dog");
        plan.DerivedPlan(0).IsFull.ShouldBeTrue();
    }

    [Theory]
    [InlineData("[!full]")]
    [InlineData("[animals[name,id],star,vehicles[plate],figures[sides]]")]
    public void Write_MixedDerivedInstances_AllocatesNothing(string selection)
    {
        var zoo = SampleZoo();
        zoo.Vehicles = zoo.Vehicles[..3];
        var writer = WriteHelper.Writer<Zoo>(Context);
        var plan = WriteHelper.Plan<Zoo>(Context, selection);
        var buffer = new ArrayBufferWriter<byte>(64 * 1024);
        using var json = new Utf8JsonWriter(buffer);

        void WriteOnce()
        {
            buffer.ResetWrittenCount();
            json.Reset(buffer);
            writer.Write(json, zoo, plan);
            json.Flush();
        }

        for (int i = 0; i < 50; i++)
        {
            WriteOnce();
        }

        long before = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < 100; i++)
        {
            WriteOnce();
        }

        (GC.GetAllocatedBytesForCurrentThread() - before).ShouldBe(0);
    }
}
