using System.Text.Json;
using System.Text.Json.Nodes;
using Popcorn.Generator.Tests.Models;
using Popcorn.Query;
using static Popcorn.Generator.Tests.Writing.WriteHelper;

namespace Popcorn.Generator.Tests.Writing;

public class WriterBehaviourTests
{
    private static readonly IPopcornContext s_context = TestJsonContext.Default;

    [Fact]
    public void Write_UnselectedGetter_IsNeverCalled()
    {
        Write(s_context, new Lazy { Id = 3 }, "[id]").ShouldBe("""{"id":3}""");
    }

    [Fact]
    public void Write_SelectedLazyGetter_IsCalled()
    {
        Should.Throw<InvalidOperationException>(() => Write(s_context, new Lazy { Id = 3 }, "[id,expensive]"))
            .Message.ShouldContain("lazy getter");
    }

    [Theory]
    [InlineData("[!all]")]
    [InlineData("[!full]")]
    [InlineData("[!default]")]
    [InlineData(null)]
    public void Write_NeverField_IsNotEmittedUnderAnyWildcard(string? selection)
    {
        Write(s_context, TestData.Employee(), selection).ShouldNotContain("passwordHash");
        Write(s_context, TestData.Employee(), selection).ShouldNotContain("secret");
    }

    [Fact]
    public void Write_NeverField_CannotBeSelected()
    {
        Should.Throw<PopcornQueryException>(() => Plan<Employee>(s_context, "[passwordHash]"));
    }

    [Fact]
    public void Write_DefaultPlan_WritesDefaultAndAlwaysFields()
    {
        Write(s_context, TestData.Employee(), null).ShouldBe("""{"id":2,"firstName":"Grace \u2713","kind":"employee"}""");
    }

    [Fact]
    public void Write_AlwaysField_CannotBeRemoved()
    {
        Write(s_context, TestData.Employee(), "[id,-kind]").ShouldBe("""{"id":2,"kind":"employee"}""");
    }

    [Fact]
    public void Write_SubPropertyDefault_AppliesWhenNamedWithoutChildren()
    {
        var json = JsonNode.Parse(Write(s_context, TestData.Employee(), "[cars]"))!;
        json["cars"]![0]!.AsObject().Select(p => p.Key).ShouldBe(new[] { "make", "model" });
    }

    [Fact]
    public void Write_TypeName_WritesTheModelNameFirst()
    {
        Write(s_context, TestData.Tuning(), "[first,__typename,t:__typename]").ShouldBe("""{"__typename":"Tuning","t":"Tuning","first":1}""");
    }

    [Fact]
    public void Write_Aliases_WriteTheSameFieldUnderEachKey()
    {
        Write(s_context, TestData.Tuning(), "[a:first,b:first,first]").ShouldBe("""{"a":1,"b":1,"first":1}""");
    }

    [Fact]
    public void Write_NullValue_WritesJsonNull()
    {
        Write<Tuning?>(s_context, null, Plan<Tuning>(s_context, "[first]")).ShouldBe("null");
    }

    [Fact]
    public void Write_PlanForAnotherType_ThrowsArgumentException()
    {
        var plan = Plan<Car>(s_context, "[make]");
        Should.Throw<ArgumentException>(() => Write(s_context, TestData.Tuning(), plan)).Message.ShouldContain("Car");
    }

    [Fact]
    public void Write_ObjectOnItsOwnPath_IsWrittenAsNull()
    {
        // root -> child -> [grandChild, root]: the root met again, and the child's parent, are written as null.
        Write(s_context, TestData.Tree(), "[value,parent[value],children[value,parent[value],children[value]]]")
            .ShouldBe("""{"value":1,"parent":null,"children":[{"value":2,"parent":null,"children":[{"value":3},null]}]}""");
    }

    [Fact]
    public void Write_RecordsWithValueEquality_AreNotMistakenForCycles()
    {
        var a = new Node { Value = 1 };
        var b = new Node { Value = 1 };
        a.Children.Add(b);
        Write(s_context, a, "[!full]").ShouldBe("""{"value":1,"parent":null,"children":[{"value":1,"parent":null,"children":[]}]}""");
    }

    [Fact]
    public void Write_MutualReference_IsWrittenAsNullWhereItCycles()
    {
        Write(s_context, TestData.Manager(), "[name,pets[name,owner[name]]]")
            .ShouldBe("""{"pets":[{"name":"Rex","owner":null},{"name":"Tom","owner":null}],"name":"Boss"}""");
    }

    [Fact]
    public void Write_TooDeep_ThrowsJsonExceptionNamingTheType()
    {
        var chain = Chain(100);
        var exception = Should.Throw<JsonException>(() => Write(s_context, chain, "[!full]"));
        exception.Message.ShouldContain("'Node'");
        exception.Message.ShouldContain("64");
    }

    [Fact]
    public void Write_MaxDepthFromWriterOptions_RaisesTheLimit()
    {
        var plan = Plan<Node>(s_context, "[!full]");
        var json = Write(s_context, Chain(100), plan, new JsonWriterOptions { MaxDepth = 400 });
        json.ShouldStartWith("""{"value":0,""");
    }

    [Fact]
    public void Write_AfterAFailedWrite_DoesNotSeeStaleCycles()
    {
        var tree = TestData.Tree();
        var deep = Chain(100);
        deep.Children[0].Children[0].Children.Add(tree);
        Should.Throw<JsonException>(() => Write(s_context, deep, "[!full]"));
        Write(s_context, tree, "[value]").ShouldBe("""{"value":1}""");
        Write(s_context, tree, "[children[value]]").ShouldBe("""{"children":[{"value":2}]}""");
    }

    [Fact]
    public void Write_StructModel_WritesItsMembers()
    {
        Write(s_context, new Point { X = 1, Y = 2 }, "[x,__typename]").ShouldBe("""{"__typename":"Point","x":1}""");
    }

    [Fact]
    public void Write_ListOfModels_AppliesTheChildPlanToEachElement()
    {
        Write(s_context, TestData.Order(), "[lines[sku],extras[q:quantity]]")
            .ShouldBe("""{"lines":[{"sku":"SKU-1"},{"sku":"SKU-2"},{"sku":"SKU-3"},{"sku":"SKU-4"},{"sku":"SKU-5"}],"extras":[{"q":1}]}""");
    }

    [Fact]
    public void Write_MapOfModels_AppliesTheChildPlanToEachValue()
    {
        Write(s_context, TestData.Dictionaries(), "[carsById[make],carIDictionary[year]]")
            .ShouldBe("""{"carIDictionary":{"null":null,"some":{"year":2020}},"carsById":{"-1":{"make":"C"},"42":{"make":"D"}}}""");
    }

    [Fact]
    public void Write_DictionaryKeyPolicy_AppliesToStringKeysOnly()
    {
        Write(s_context, TestData.Dictionaries(), "[counts,carListsByLong[make]]")
            .ShouldBe("""{"counts":{"first_key":1,"second_key":2},"carListsByLong":{"9223372036854775807":[{"make":"E"}]}}""");
    }

    [Fact]
    public void Write_StringEnums_UseJsonStringEnumMemberName()
    {
        Write(s_context, TestData.Scalars(), "[nullableStatus,color]").ShouldBe("""{"color":"Blue","nullableStatus":"gone"}""");
    }

    [Fact]
    public void Write_FlagCombinationsAndUndefinedEnumValues_AreLeftToSystemTextJson()
    {
        Write(s_context, TestData.Scalars(alternate: true), "[status,color]").ShouldBe("""{"status":42,"color":"Green, Blue"}""");
    }

    [Fact]
    public void Write_MemberConverters_AreUsed()
    {
        Write(s_context, TestData.Tuning(), "[shouted,levelAsString,levelAsNumber,epoch,price]")
            .ShouldBe("""{"shouted":"QUIET","levelAsString":"High","levelAsNumber":"High","epoch":86400,"price":"9.99 EUR"}""");
    }

    [Fact]
    public void Write_IgnoreConditions_LeaveOutNullAndDefaultValues()
    {
        Write(s_context, TestData.Tuning(defaults: true), "[skippedWhenNull,skippedWhenZero,carSkippedWhenNull,neverIgnored]")
            .ShouldBe("""{"neverIgnored":null}""");
    }

    [Fact]
    public void Write_ContextDefaultIgnoreCondition_LeavesOutNulls()
    {
        Write(FieldsJsonContext.Default, TestData.Fields(), "[!all]")
            .ShouldBe("""{"property_too":"prop","counter":3,"label":"label","car":{"make":"F","model":"F \u0022Model\u0022 \u003C\u0026\u003E","year":2020,"color":1,"mileage":{"CityDriving":12,"HighwayMiles":340}},"level":1}""");
    }

    [Fact]
    public void GetWriter_UnknownType_ReturnsNull()
    {
        s_context.GetWriter(typeof(string)).ShouldBeNull();
        s_context.GetWriter(typeof(Employee))!.Type.ShouldBe(typeof(Employee));
        s_context.Writers.Select(w => w.Metadata.Name).ShouldContain("Address");
        s_context.Writers.Count.ShouldBe(s_context.Writers.Select(w => w.Type).Distinct().Count());
    }

    [Fact]
    public void WriteObject_BoxedValue_WritesLikeTheTypedWriter()
    {
        var writer = s_context.GetWriter(typeof(Order))!;
        var plan = PlanCompiler.Compile(writer.Metadata, SelectionParser.Parse("[id]"));
        var buffer = new System.Buffers.ArrayBufferWriter<byte>();
        using (var json = new Utf8JsonWriter(buffer))
        {
            writer.WriteObject(json, TestData.Order(), plan);
        }

        System.Text.Encoding.UTF8.GetString(buffer.WrittenSpan).ShouldBe("""{"id":7}""");
    }

    private static Node Chain(int length)
    {
        var root = new Node { Value = 0 };
        var current = root;
        for (int i = 1; i < length; i++)
        {
            var next = new Node { Value = i };
            current.Children.Add(next);
            current = next;
        }

        return root;
    }
}
