using Popcorn.Generator.Tests.Models;
using Popcorn.Query;

namespace Popcorn.Generator.Tests.Writing;

/// <summary>The emitted metadata: names, order, kinds, type names, flags and docs.</summary>
public class MetadataTests
{
    private static TypeMetadata Meta<T>() => WriteHelper.Writer<T>(TestJsonContext.Default).Metadata;

    [Fact]
    public void Metadata_Type_HasSimpleNameClrTypeAndSummary()
    {
        var employee = Meta<Employee>();
        employee.Name.ShouldBe("Employee");
        employee.ClrType.ShouldBe(typeof(Employee));
        employee.Description.ShouldBe("Someone on the payroll.");
    }

    [Fact]
    public void Metadata_Fields_FollowSystemTextJsonOrderAndNames()
    {
        Meta<Employee>().Fields.Select(f => f.WireName).ShouldBe(
            ["id", "firstName", "lastName", "passwordHash", "kind", "birthday", "status", "department", "cars", "manager"]);
        Meta<Tuning>().Fields.Select(f => f.WireName).ShouldBe(
        [
            "first", "middle", "skippedWhenNull", "skippedWhenZero", "carSkippedWhenNull", "neverIgnored", "renamed_Value", "shouted",
            "levelAsString", "levelAsNumber", "epoch", "price", "raw", "internalIncluded", "readOnly", "last",
        ]);
    }

    [Fact]
    public void Metadata_Fields_NameTheirCSharpMember()
    {
        var tuning = Meta<Tuning>();
        tuning.FindField("renamed_Value")!.MemberName.ShouldBe("Renamed");
        tuning.FindField("first")!.MemberName.ShouldBe("First");
        Meta<Employee>().Fields.Single(f => f.WireName == "passwordHash").MemberName.ShouldBe("PasswordHash");
    }

    [Fact]
    public void Metadata_DerivedType_ListsItsOwnMembersBeforeInheritedOnes()
    {
        Meta<Manager>().Fields.Select(f => f.WireName).ShouldBe(["reports", "age", "hidden", "pets", "name"]);
    }

    [Fact]
    public void Metadata_Override_InheritsPopcornAttributes()
    {
        Meta<Manager>().Fields.Single(f => f.WireName == "age").Flags.ShouldBe(FieldFlags.Default);
    }

    [Fact]
    public void Metadata_Fields_HaveKindsTypeNamesAndElementTypes()
    {
        var employee = Meta<Employee>();
        var cars = employee.Fields.Single(f => f.WireName == "cars");
        cars.Kind.ShouldBe(FieldKind.List);
        cars.TypeName.ShouldBe("List<Car>");
        cars.ElementType!.Name.ShouldBe("Car");
        cars.SubPropertyDefaultText.ShouldBe("[make,model]");
        cars.Description.ShouldBe("The Cars the employee may drive.");

        var manager = employee.Fields.Single(f => f.WireName == "manager");
        manager.Kind.ShouldBe(FieldKind.Object);
        manager.ElementType.ShouldBeSameAs(employee);
        manager.IsNullable.ShouldBeTrue();

        var birthday = employee.Fields.Single(f => f.WireName == "birthday");
        (birthday.Kind, birthday.TypeName, birthday.IsNullable).ShouldBe((FieldKind.Scalar, "DateOnly?", true));

        var dictionaries = Meta<Dictionaries>();
        var carsByName = dictionaries.Fields.Single(f => f.WireName == "carsByName");
        (carsByName.Kind, carsByName.TypeName, carsByName.ElementType!.Name).ShouldBe((FieldKind.Map, "Dictionary<string, Car>", "Car"));
        dictionaries.Fields.Single(f => f.WireName == "counts").ElementType.ShouldBeNull();
        dictionaries.Fields.Single(f => f.WireName == "byStatus").Kind.ShouldBe(FieldKind.Scalar);
    }

    [Fact]
    public void Metadata_PopcornAttributes_BecomeFlags()
    {
        var employee = Meta<Employee>();
        employee.Fields.Single(f => f.WireName == "id").Flags.ShouldBe(FieldFlags.Default);
        employee.Fields.Single(f => f.WireName == "kind").Flags.ShouldBe(FieldFlags.Always);
        employee.Fields.Single(f => f.WireName == "passwordHash").Flags.ShouldBe(FieldFlags.Never);
        employee.FindField("passwordHash").ShouldBeNull();
    }

    [Fact]
    public void Metadata_JsonIgnoreAlways_IsNotAField()
    {
        Meta<Tuning>().Fields.ShouldNotContain(f => f.WireName == "ignored");
    }

    [Fact]
    public void Metadata_PositionalRecordMember_TakesItsParamDoc()
    {
        Meta<Address>().Fields.Select(f => f.WireName).ShouldBe(["street", "city", "zip_code"]);
    }

    [Fact]
    public void Metadata_Fields_IncludedByContextOptions()
    {
        var fields = WriteHelper.Writer<WithFields>(FieldsJsonContext.Default).Metadata;
        fields.Fields.Select(f => f.WireName).ShouldBe(["property_too", "counter", "label", "optional_note", "car", "maybe_number", "level"]);
    }
}
