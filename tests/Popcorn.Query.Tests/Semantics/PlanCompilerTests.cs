namespace Popcorn.Query.Tests.Semantics;

public class PlanCompilerTests
{
    private static SelectionPlan Compile(string query, TypeMetadata? type = null, PlanCompilerOptions? options = null) =>
        PlanCompiler.Compile(type ?? SampleMetadata.Employee, SelectionParser.Parse(query), options);

    private static string Shape(SelectionPlan plan) => PlanShape.Of(plan);

    [Theory]
    [InlineData("")]
    [InlineData("[]")]
    [InlineData("[!default]")]
    public void Compile_NoSelection_WritesDefaultAndAlwaysFields(string query)
    {
        Shape(Compile(query)).ShouldBe("[id,firstName,lastName]");
    }

    [Fact]
    public void Compile_TypeWithoutMarks_DefaultsToAllFields()
    {
        Shape(Compile("", SampleMetadata.Project)).ShouldBe("[code,title]");
    }

    [Fact]
    public void Compile_ExplicitList_WritesNamedFieldsPlusAlways_InDeclarationOrder()
    {
        Shape(Compile("[email,lastName]")).ShouldBe("[id,lastName,email]");
    }

    [Fact]
    public void Compile_All_WritesEverySelectableField_ComplexOnesWithTheirDefaults()
    {
        Shape(Compile("[!all]")).ShouldBe(
            "[id,firstName,lastName,email,manager[id,firstName,lastName],department[id,name,head[id,firstName,lastName,email]],vehicles[id,make],skills]");
    }

    [Fact]
    public void Compile_AllWithExplicitComplexField_UsesTheExplicitChildren()
    {
        Shape(Compile("[!all,manager[email]]")).ShouldStartWith("[id,firstName,lastName,email,manager[id,email],department[");
    }

    [Fact]
    public void Compile_Removal_DropsTheField_ButNotAnAlwaysOne()
    {
        Shape(Compile("[!default,-firstName,-id]")).ShouldBe("[id,lastName]");
    }

    [Fact]
    public void Compile_NeverField_IsNotWrittenByWildcards()
    {
        Compile("[!all]").Fields.ToArray().ShouldNotContain(f => f.OutputName == "socialSecurityNumber");
        Compile("[!full]").Fields.ToArray().ShouldNotContain(f => f.OutputName == "socialSecurityNumber");
    }

    [Fact]
    public void Compile_NamingANeverField_IsReportedExactlyLikeAnUnknownField()
    {
        var never = Should.Throw<PopcornQueryException>(() => Compile("[socialSecurityNumber]"));
        var unknown = Should.Throw<PopcornQueryException>(() => Compile("[socialSecurityNumbr]"));

        never.Kind.ShouldBe(QueryErrorKind.UnknownField);
        never.Detail.ShouldBe("Unknown field 'socialSecurityNumber' on type 'Employee'.");
        unknown.Detail.ShouldBe("Unknown field 'socialSecurityNumbr' on type 'Employee'.");
        never.Suggestions.ShouldBeEmpty();
        unknown.Suggestions.ShouldBeEmpty();
    }

    [Fact]
    public void Compile_UnknownField_CarriesTypePositionAndSuggestions()
    {
        var error = Should.Throw<PopcornQueryException>(() => Compile("[id,manager[fristName]]"));

        error.Kind.ShouldBe(QueryErrorKind.UnknownField);
        error.FieldName.ShouldBe("fristName");
        error.TypeName.ShouldBe("Employee");
        error.Suggestions.ShouldBe(["firstName"]);
        (error.Line, error.Column).ShouldBe((1, 13));
        error.Message.ShouldContain("Did you mean 'firstName'?");
    }

    [Fact]
    public void Compile_CaseMismatch_IsUnknown_AndSuggestsTheRightCase()
    {
        var error = Should.Throw<PopcornQueryException>(() => Compile("[FirstName]"));

        error.Suggestions.First().ShouldBe("firstName");
    }

    [Fact]
    public void Compile_OptionalUnknownField_IsSkipped()
    {
        Shape(Compile("[?nickname,email]")).ShouldBe("[id,email]");
    }

    [Fact]
    public void Compile_IgnoreUnknownFields_SkipsThem()
    {
        var options = new PlanCompilerOptions { UnknownFields = UnknownFieldHandling.Ignore };

        Shape(Compile("[nickname,email,socialSecurityNumber]", options: options)).ShouldBe("[id,email]");
    }

    [Fact]
    public void Compile_ComplexFieldWithoutChildren_UsesItsDefaults()
    {
        Shape(Compile("[manager]")).ShouldBe("[id,manager[id,firstName,lastName]]");
        Shape(Compile("[vehicles]")).ShouldBe("[id,vehicles[id,make]]");
    }

    [Fact]
    public void Compile_SubPropertyDefault_ReplacesTheChildDefaults()
    {
        Shape(Compile("[head]", SampleMetadata.Department)).ShouldBe("[id,head[id,firstName,lastName,email]]");
    }

    [Fact]
    public void Compile_SubPropertyDefault_DoesNotApplyWhenChildrenAreGiven()
    {
        Shape(Compile("[head[email]]", SampleMetadata.Department)).ShouldBe("[id,head[id,email]]");
    }

    [Fact]
    public void Compile_ChildrenOnAScalar_IsAnError()
    {
        var error = Should.Throw<PopcornQueryException>(() => Compile("[email[x]]"));

        error.Kind.ShouldBe(QueryErrorKind.InvalidSelection);
        error.Message.ShouldContain("takes no nested selection");
        Should.Throw<PopcornQueryException>(() => Compile("[skills[x]]")).Kind.ShouldBe(QueryErrorKind.InvalidSelection);
    }

    [Fact]
    public void Compile_Aliases_WriteTheFieldOncePerAlias_AtItsPosition_InWrittenOrder()
    {
        Shape(Compile("[b:email,firstName,a:email]")).ShouldBe("[id,firstName,b:email,a:email]");
    }

    [Fact]
    public void Compile_DuplicateSelections_Merge()
    {
        Shape(Compile("[manager[email],manager[lastName]]")).ShouldBe("[id,manager[id,lastName,email]]");
        Shape(Compile("[manager,manager[email]]")).ShouldBe("[id,manager[id,firstName,lastName,email]]");
    }

    [Fact]
    public void Compile_TwoFieldsUnderOneKey_IsAnError()
    {
        var error = Should.Throw<PopcornQueryException>(() => Compile("[email,email:lastName]"));

        error.Kind.ShouldBe(QueryErrorKind.InvalidSelection);
        error.Column.ShouldBe(8);
    }

    [Fact]
    public void Compile_Arguments_AreRejectedOnModelFields()
    {
        Should.Throw<PopcornQueryException>(() => Compile("[manager(id: 1)]")).Message.ShouldContain("takes no arguments");
    }

    [Fact]
    public void Compile_FullWildcard_IsFull_AndCyclesBackToItself()
    {
        var plan = Compile("[!full]");

        plan.IsFull.ShouldBeTrue();
        plan.Fields.ToArray().Single(f => f.OutputName == "manager").Child.ShouldBeSameAs(plan);
    }

    [Fact]
    public void Compile_ExplicitEverything_OnAFlatType_IsFull()
    {
        Compile("[code,title]", SampleMetadata.Project).IsFull.ShouldBeTrue();
        Compile("[title]", SampleMetadata.Project).IsFull.ShouldBeFalse();
        Compile("[c:code,title]", SampleMetadata.Project).IsFull.ShouldBeFalse();
    }

    [Fact]
    public void Compile_TypeName_WritesFirst()
    {
        var plan = Compile("[email,__typename]");

        plan.Fields[0].FieldIndex.ShouldBe(PlannedField.TypeNameIndex);
        Shape(plan).ShouldBe("[__typename,id,email]");
    }

    [Fact]
    public void Compile_PlanFields_CarryIndexesAndPreEncodedNames()
    {
        var plan = Compile("[boss:manager]");

        var boss = plan.Fields[1];
        boss.FieldIndex.ShouldBe(SampleMetadata.Employee.FindField("manager")!.Index);
        boss.EncodedOutputName.Value.ShouldBe("boss");
        plan.Fields[0].EncodedOutputName.ShouldBe(SampleMetadata.Employee.Fields[0].EncodedName);
    }

    [Fact]
    public void Compile_MapValues_UseTheChildPlan()
    {
        Shape(Compile("[projects[title]]", SampleMetadata.Department)).ShouldBe("[id,projects[title]]");
    }

    [Fact]
    public void Compile_BothSyntaxes_GiveTheSamePlanShape_ForTheSameTree()
    {
        var include = SelectionParser.Parse("[boss:manager[email],-lastName,!default]");

        Shape(PlanCompiler.Compile(SampleMetadata.Employee, SelectionParser.Parse(include.ToGraphQLString())))
            .ShouldBe(Shape(PlanCompiler.Compile(SampleMetadata.Employee, include)));
    }
}
